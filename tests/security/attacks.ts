// The attack suite's payloads: workflows whose expressions, conditions or Code nodes try to hold
// the server's event loop (catastrophic regex backtracking, endless loops, huge strings), and a
// probe that measures, while one runs on a real server, how long GET /rest/settings takes and how
// long the event loop was held. Used by tests/security/redos.test.ts (which asserts the
// limits) and bench/attack.bench.ts (which reports the numbers).
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chain, node, webhookNode, workflow, type Live } from '../server/triggerHelpers.ts';
import type { INode, IWorkflowBase } from '../../src/model/workflow.ts';

/** 30 a's and a '!': /(a+)+$/ needs ~2^30 steps to fail (19 s in issue 14). */
export const EXPONENTIAL_INPUT = `${'a'.repeat(30)}!`;
/** 32 bytes, as the webhook body: ^(\w+\s?)*$ backtracks exponentially on it. */
export const WORD_INPUT = `${'a'.repeat(31)}!`;
export const WORD_PATTERN = '^(\\w+\\s?)*$';

const trigger = (): INode => node('Trigger', 'n8n-nodes-base.manualTrigger', 1);
const setRaw = (name: string, field: string, value: string): INode =>
  node(name, 'n8n-nodes-base.set', 3.4, { mode: 'manual', assignments: { assignments: [{ id: 'a', name: field, value, type: 'string' }] }, options: {} });
const codeNode = (jsCode: string): INode => node('Code', 'n8n-nodes-base.code', 2, { jsCode, mode: 'runOnceForAllItems' });
/** A filter-type condition (If 2, Filter 2, Switch 3): left value matches the regex. */
const regexConditions = (left: string, pattern: string) => ({
  options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
  conditions: [{ id: 'c1', leftValue: left, rightValue: pattern, operator: { type: 'string', operation: 'regex' } }],
  combinator: 'and',
});
const chainOf = (name: string, nodes: INode[]): IWorkflowBase => workflow(name, nodes, chain(...nodes));
/** Trigger → Set text = input → node. */
const onText = (name: string, input: string, target: INode): IWorkflowBase => chainOf(name, [trigger(), setRaw('Input', 'text', input), target]);

/** A connection to input `index` of a node. */
const to = (name: string, index = 0) => ({ node: name, type: 'main', index });
/**
 * Trigger → Make (one item: `list`, 1.9M elements made by an expression in the worker; `k`;
 * `parts` [1, 2]) → the given nodes, wired by `connections`.
 */
function largeItemInto(name: string, nodes: INode[], connections: Record<string, unknown>): IWorkflowBase {
  const make = node('Make', 'n8n-nodes-base.set', 3.4, {
    mode: 'manual',
    assignments: { assignments: [{ id: 'a', name: 'list', value: '={{ Array(1900000).fill(7) }}', type: 'array' }, { id: 'b', name: 'k', value: 'key', type: 'string' }, { id: 'c', name: 'parts', value: '={{ [1, 2] }}', type: 'array' }] },
    options: {},
  });
  return workflow(`Large item: ${name}`, [trigger(), make, ...nodes], { Trigger: { main: [[to('Make')]] }, ...connections } as never);
}

export interface Attack {
  name: string;
  /** Run manually through POST /rest/workflows/run … */
  workflow?: IWorkflowBase;
  /** … or activate it and call its production webhook (`calls` times at once; 1 by default). */
  webhook?: { workflow: IWorkflowBase; path: string; body: string; calls?: number };
  /**
   * What the run's error must say: the limit that stopped it. Without it the run must succeed:
   * V8's linear-time fallback (src/engine/regex/runner.ts) finishes the issue's own patterns
   * with the right answer; `check` then tests that answer.
   */
  error?: RegExp;
  check?: (execution: any) => unknown;
  /** The run takes this long at most (the Code node's own time limit is 10 s). */
  timeoutMs?: number;
}

const REGEX_LIMIT = /Regular expression .* took longer than 50 ms/;
/** Luxon's 'yyyy LLL dd' of a UTC instant, as the Luxon attack's last iteration makes it. */
const DateTimeOf = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()} ${d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${String(d.getUTCDate()).padStart(2, '0')}`;
};
const output = (e: any, nodeName: string, index = 0) => e?.data?.resultData?.runData?.[nodeName]?.[0]?.data?.main?.[index];
/** If 2 / Filter 2 / Switch 3 on a text that the pattern does not match: the item takes the 'false' way. */
const notMatched = (nodeName: string, falseOutput: number | undefined) => (e: any) =>
  falseOutput === undefined ? (output(e, nodeName, 0) ?? []).length === 0 : output(e, nodeName, falseOutput)?.length === 1;

/** A hook → If workflow for the webhook attacks. */
function hookIf(path: string, pattern: string): IWorkflowBase {
  const hook = webhookNode({ path, httpMethod: 'POST', responseMode: 'lastNode' });
  const iff = node('If', 'n8n-nodes-base.if', 2, { conditions: regexConditions('={{ $json.body.t }}', pattern), options: {} });
  return workflow(`Webhook ${path}`, [hook, iff], chain(hook, iff));
}

/** Trigger → Code (n items) → Loop Over Items (1 per batch) ⇄ No Op: 2n + 2 node runs, each a few µs to a ms. */
function longLoop(items: number): IWorkflowBase {
  const t = trigger();
  const code = codeNode(`return Array.from({ length: ${items} }, (_, i) => ({ json: { i } }));`);
  const loop = node('Loop', 'n8n-nodes-base.splitInBatches', 3, { batchSize: 1, options: {} });
  const noop = node('Step', 'n8n-nodes-base.noOp', 1);
  const to = (n: INode) => [{ node: n.name, type: 'main', index: 0 }];
  return workflow('Long loop', [t, code, loop, noop], {
    [t.name]: { main: [to(code)] },
    [code.name]: { main: [to(loop)] },
    [loop.name]: { main: [[], to(noop)] },
    [noop.name]: { main: [to(loop)] },
  });
}

const LARGE_ROWS = 28_000;
const LARGE_BODY = JSON.stringify({ rows: Array.from({ length: LARGE_ROWS }, (_, i) => ({ id: i, name: `row ${i}`, email: `user${i}@example.com`, tags: ['a', 'b'], ok: true })) });

/** Trigger → Code making n items whose text is `text` → node: one node run over many items. */
function manyItems(name: string, n: number, text: string, target: INode): IWorkflowBase {
  return chainOf(name, [trigger(), codeNode(`return Array.from({ length: ${n} }, () => ({ json: { text: ${JSON.stringify(text)} } }));`), target]);
}

/** A hook → No Op workflow answering when the run ends. */
function hookNoOp(path: string): IWorkflowBase {
  const hook = webhookNode({ path, httpMethod: 'POST', responseMode: 'lastNode' });
  const noop = node('Done', 'n8n-nodes-base.noOp', 1);
  return workflow(`Webhook ${path}`, [hook, noop], chain(hook, noop));
}

export const ATTACKS: Attack[] = [
  // Issue 14's own payloads: V8 re-runs them in linear time, so they finish, and correctly.
  {
    name: "Set: the issue's /(a+)+$/.test('a'.repeat(30)+'!') finishes with false",
    workflow: chainOf('Set literal', [trigger(), setRaw('Set', 'x', `={{ /(a+)+$/.test('a'.repeat(30) + '!') }}`)]),
    check: (e) => output(e, 'Set')?.[0]?.json?.x === 'false',
  },
  {
    name: "If 2: the issue's ^(\w+\s?)*$ on 32 bytes finishes (no match)",
    workflow: onText('If regex', WORD_INPUT, node('If', 'n8n-nodes-base.if', 2, { conditions: regexConditions('={{ $json.text }}', WORD_PATTERN), options: {} })),
    check: notMatched('If', 1),
  },
  {
    name: 'Webhook: the body drives an If regex (the issue\'s pattern) and the call is answered',
    webhook: { path: 'redos-plain', body: JSON.stringify({ t: WORD_INPUT }), workflow: hookIf('redos-plain', WORD_PATTERN) },
    check: (e) => e.status === 'success',
  },
  // Patterns V8's linear engine cannot take (the i flag, lookaround): the regex worker's
  // deadline stops them.
  {
    name: 'Set: regex literal with the i flag',
    workflow: chainOf('Set literal i', [trigger(), setRaw('Set', 'x', `={{ /(a+)+$/i.test('a'.repeat(30) + '!') }}`)]),
    error: REGEX_LIMIT,
  },
  {
    name: 'Set: new RegExp and String#replace with a user pattern',
    workflow: chainOf('Set new RegExp', [trigger(), setRaw('Set', 'x', `={{ '${WORD_INPUT}'.replace(new RegExp('${WORD_PATTERN.replace(/\\/g, '\\\\')}', 'gi'), '') }}`)]),
    error: REGEX_LIMIT,
  },
  {
    name: 'Set: String#match with a pattern string (lookahead)',
    workflow: chainOf('Set match', [trigger(), setRaw('Set', 'x', `={{ 'x'.repeat(30).concat('y').match('^(?=(x|x)*$)') }}`)]),
    error: REGEX_LIMIT,
  },
  {
    name: 'If 2: regex operation',
    workflow: onText('If regex i', WORD_INPUT, node('If', 'n8n-nodes-base.if', 2, { conditions: regexConditions('={{ $json.text }}', `/${WORD_PATTERN}/i`), options: {} })),
    error: REGEX_LIMIT,
  },
  {
    name: 'If 1: regex operation',
    workflow: onText('If v1 regex', EXPONENTIAL_INPUT, node('If', 'n8n-nodes-base.if', 1, { conditions: { string: [{ value1: '={{ $json.text }}', operation: 'regex', value2: '/(a+)+$/i' }] } })),
    error: REGEX_LIMIT,
  },
  {
    name: 'Filter: regex condition',
    workflow: onText('Filter regex', WORD_INPUT, node('Filter', 'n8n-nodes-base.filter', 2, { conditions: regexConditions('={{ $json.text }}', `/${WORD_PATTERN}/i`), options: {} })),
    error: REGEX_LIMIT,
  },
  {
    name: 'Switch 3: regex rule',
    workflow: onText(
      'Switch regex',
      WORD_INPUT,
      node('Switch', 'n8n-nodes-base.switch', 3.2, { rules: { values: [{ conditions: regexConditions('={{ $json.text }}', '^(?=(\\w+\\s?)*$)') }] }, options: {} }),
    ),
    error: REGEX_LIMIT,
  },
  {
    name: 'Switch 2: regex rule',
    workflow: onText('Switch v2 regex', EXPONENTIAL_INPUT, node('Switch', 'n8n-nodes-base.switch', 2, { dataType: 'string', value1: '={{ $json.text }}', rules: { rules: [{ operation: 'regex', value2: '/(a+)+$/i' }] } })),
    error: REGEX_LIMIT,
  },
  {
    name: 'Code: $evaluateExpression with a backtracking regex',
    workflow: chainOf('Code evaluate', [trigger(), codeNode(`return [{ json: { r: $evaluateExpression("{{ /(a+)+$/i.test('a'.repeat(30) + '!') }}") } }];`)]),
    error: REGEX_LIMIT,
  },
  {
    name: 'Code: a backtracking regex in the sandbox itself',
    workflow: chainOf('Code regex', [trigger(), codeNode(`return [{ json: { r: /(a+)+$/.test('a'.repeat(40) + '!') } }];`)]),
    error: /timed out|time limit|10 s|10000/i,
    timeoutMs: 20_000,
  },
  {
    name: 'Webhook: the body drives an If regex',
    webhook: { path: 'redos-body', body: JSON.stringify({ t: WORD_INPUT }), workflow: hookIf('redos-body', `/${WORD_PATTERN}/i`) },
    error: REGEX_LIMIT,
  },
  {
    name: 'Set: an endless loop in an expression',
    workflow: chainOf('Set loop', [trigger(), setRaw('Set', 'x', '={{ (() => { while (true) {} })() }}')]),
    error: /step limit/,
  },
  {
    name: "Set: 'a'.repeat(2 ** 28)",
    workflow: chainOf('Set repeat', [trigger(), setRaw('Set', 'x', "={{ 'a'.repeat(2 ** 28).length }}")]),
    error: /string of 268435456 characters/,
  },
  {
    name: 'Set: native scans of a 40M-character string in a loop',
    workflow: chainOf('Set scans', [trigger(), setRaw('Set', 'x', "={{ (() => { const s = 'ab'.repeat(2e7); let n = 0; for (let i = 0; i < 1000; i++) n += s.indexOf('c'); return n })() }}")]),
    error: /step limit/,
  },
  // Many runs at once, each stopped by the regex limit: the runs are resumed one per loop turn
  // (src/model/yieldToLoop.ts), so the server answers between them. Before, all ten ran within
  // one turn and held the loop for 600 ms.
  {
    name: 'Webhook: ten calls at once, each running into the regex limit',
    webhook: { path: 'redos-burst', body: JSON.stringify({ t: WORD_INPUT }), workflow: hookIf('redos-burst', `/${WORD_PATTERN}/i`), calls: 10 },
    error: REGEX_LIMIT,
    timeoutMs: 20_000,
  },
  // Many items, each a regex of a few ms (under the limit): the item loops give the loop back
  // every slice. Before, the node ran all of them in one go (1.1–1.6 s).
  {
    name: 'Set: 300 items, each a backtracking regex of a few ms',
    workflow: manyItems('Set many regexes', 300, 'a'.repeat(18) + '!', setRaw('Set', 'x', '={{ /(a+)+$/i.test($json.text) }}')),
    check: (e) => e.status === 'success' && output(e, 'Set')?.length === 300 && output(e, 'Set')[299].json.x === 'false',
    timeoutMs: 30_000,
  },
  {
    name: 'If 2: 300 items through the issue\'s ^(\\w+\\s?)*$',
    workflow: manyItems('If many regexes', 300, WORD_INPUT, node('If', 'n8n-nodes-base.if', 2, { conditions: regexConditions('={{ $json.text }}', WORD_PATTERN), options: {} })),
    check: (e) => e.status === 'success' && output(e, 'If', 1)?.length === 300,
    timeoutMs: 30_000,
  },
  {
    name: 'Filter 2 and Switch 3: 300 items each, a regex of a few ms per item',
    workflow: (() => {
      const conditions = regexConditions('={{ $json.text }}', '/^(a+)+$/i');
      const filter = node('Filter', 'n8n-nodes-base.filter', 2, { conditions, options: {} });
      const sw = node('Switch', 'n8n-nodes-base.switch', 3.2, { rules: { values: [{ conditions }] }, options: { fallbackOutput: 'extra' } });
      const t = trigger();
      const code = codeNode(`return Array.from({ length: 300 }, () => ({ json: { text: ${JSON.stringify('a'.repeat(18) + '!')} } }));`);
      const to = (n: INode) => [{ node: n.name, type: 'main', index: 0 }];
      return workflow('Filter and Switch', [t, code, filter, sw], { [t.name]: { main: [to(code)] }, [code.name]: { main: [[...to(filter), ...to(sw)]] } });
    })(),
    check: (e) => e.status === 'success' && (output(e, 'Filter')?.length ?? 0) === 0 && output(e, 'Switch', 1)?.length === 300,
    timeoutMs: 30_000,
  },
  // Nodes that build something per item from its expressions (HTTP Request's request, Rename
  // Keys' keys) gave the loop back only after all items: 300 items held it 1.0–2.4 s (trial).
  {
    name: 'HTTP Request: 300 items, a 3 ms regex in each URL',
    workflow: (() => {
      // Port 1 refuses at once: the requests fail per item (continue on fail); the hold was in building them.
      const http = { ...node('HTTP', 'n8n-nodes-base.httpRequest', 4.2, { url: "={{ 'http://127.0.0.1:1/' + /(a+)+$/i.test($json.text) }}", options: {} }), onError: 'continueRegularOutput' } as INode;
      return manyItems('HTTP many regexes', 300, 'a'.repeat(18) + '!', http);
    })(),
    check: (e) => e.status === 'success' && output(e, 'HTTP')?.length === 300,
    timeoutMs: 30_000,
  },
  {
    name: 'Rename Keys: 300 items, a 3 ms regex in each Current Key',
    workflow: manyItems(
      'Rename many regexes',
      300,
      'a'.repeat(18) + '!',
      node('Rename', 'n8n-nodes-base.renameKeys', 1, { keys: { key: [{ currentKey: "={{ /(a+)+$/i.test($json.text) ? 'x' : 'text' }}", newKey: 'renamed' }] }, additionalOptions: {} }),
    ),
    check: (e) => e.status === 'success' && output(e, 'Rename')?.[299]?.json?.renamed === 'a'.repeat(18) + '!',
    timeoutMs: 30_000,
  },
  // Rename Keys runs its key regexes in a timed vm call (RISKY shapes are refused up front, as
  // n8n does; this one passes that filter, and its backreference keeps V8's linear engine out).
  {
    name: 'Rename Keys: a backtracking key regex',
    workflow: chainOf('Rename regex', [
      trigger(),
      codeNode(`return [{ json: { ['a'.repeat(36) + '!']: 1 } }];`),
      node('Rename', 'n8n-nodes-base.renameKeys', 1, {
        keys: { key: [] },
        additionalOptions: { regexReplacement: { replacements: [{ searchRegex: '^(\\w\\w?)*\\1x$', replaceRegex: 'x', options: { depth: -1 } }] } },
      }),
    ]),
    error: /may cause performance issues/,
  },
  // A large body: parsed in slices, one item of ~3 MB walked into when the run is saved, stored
  // compressed and read back through GET /rest/executions/:id without being parsed. (The probe
  // sends and receives in the server's process, so at 12 MB its own copies would be counted.)
  {
    name: 'Webhook: a 3 MB JSON body',
    webhook: { path: 'large-body', body: LARGE_BODY, workflow: hookNoOp('large-body') },
    check: (e) => e.status === 'success' && e.data.resultData.runData.Webhook[0].data.main[0][0].json.body.rows.length === LARGE_ROWS,
    timeoutMs: 30_000,
  },
  // One flat object of 50,000 keys (711 KB): every size check of its ancestors listed all its
  // keys again when the run was saved, 160–290 ms held (issue-14 trial).
  {
    name: 'Webhook: a body that is one object of 50,000 keys, saved',
    webhook: { path: 'many-keys', body: JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`key${i}`, `value ${i}`]))), workflow: hookNoOp('many-keys') },
    check: (e) => e.status === 'success' && Object.keys(e.data.resultData.runData.Webhook[0].data.main[0][0].json.body).length === 50_000,
    timeoutMs: 30_000,
  },
  // Expressions that take seconds without a regex or a step-limit loop: Luxon formatting in a
  // loop, one extension method over a long body field, a hash in a node that has no item loop
  // deferral of its own. They held the server up to the 5 s expression limit; now the
  // evaluation moves to the expression worker once it has had 20 ms of the thread
  // (src/engine/offload), or before the long call starts, and finishes there.
  {
    name: 'Set: Luxon formatting in a loop (60,000 dates)',
    workflow: chainOf('Set luxon', [trigger(), setRaw('Set', 'x', "={{ (() => { let s = ''; for (let i = 0; i < 60000; i++) s = DateTime.fromMillis(i * 86400000, { zone: 'UTC' }).toFormat('yyyy LLL dd'); return s })() }}")]),
    check: (e) => e.status === 'success' && output(e, 'Set')?.[0]?.json?.x === DateTimeOf(59999 * 86400000),
    timeoutMs: 30_000,
  },
  {
    // 3M characters: seconds on the thread before (its library takes ~1.5 s for them here), and
    // clear of the 5 s expression limit in the worker on a loaded machine (6M took 3.1–3.4 s
    // alone and failed the limit under load).
    name: 'Webhook: toTitleCase() of a 3M-character body field',
    webhook: (() => {
      const hook = webhookNode({ path: 'title-case', httpMethod: 'POST', responseMode: 'lastNode' });
      const set = setRaw('Set', 'n', '={{ $json.body.t.toTitleCase().length }}');
      return { path: 'title-case', body: JSON.stringify({ t: 'word '.repeat(600_000) }), workflow: workflow('Webhook title-case', [hook, set], chain(hook, set)) };
    })(),
    check: (e) => e.status === 'success' && output(e, 'Set')?.[0]?.json?.n === '3000000',
    timeoutMs: 30_000,
  },
  // n8n's own functions that were quadratic: its email pattern over a long text (one native
  // call of 1.7 s from a 63 KB webhook body), merge() and unique() of a few thousand objects.
  {
    name: 'Webhook: extractEmail() of a 63,000-character body field (n8n\'s pattern backtracks)',
    webhook: (() => {
      const hook = webhookNode({ path: 'extract-email', httpMethod: 'POST', responseMode: 'lastNode' });
      const set = setRaw('Set', 'e', '={{ $json.body.t.extractEmail() }}');
      return { path: 'extract-email', body: JSON.stringify({ t: 'a'.repeat(63_000) }), workflow: workflow('Webhook extractEmail', [hook, set], chain(hook, set)) };
    })(),
    error: /Regular expression .* took longer than \d+ ms/,
  },
  {
    name: 'Set: merge() and unique() of 4,000 objects',
    workflow: chainOf('Set merge unique', [
      trigger(),
      setRaw('Set', 'n', "={{ Object.keys(Array.from({ length: 4000 }, (_, i) => ({ ['k' + i]: i })).merge()).length + Array.from({ length: 4000 }, (_, i) => ({ a: i, b: [i, i] })).unique().length }}"),
    ]),
    check: (e) => e.status === 'success' && output(e, 'Set')?.[0]?.json?.n === '8000',
  },
  {
    name: 'Crypto: sha3 of a 6M-character text in the Value expression (a node without its own deferral)',
    workflow: chainOf('Crypto sha3', [
      trigger(),
      codeNode("return [{ json: { text: 'ab'.repeat(3_000_000) } }];"),
      node('Crypto', 'n8n-nodes-base.crypto', 1, { action: 'hash', type: 'MD5', value: "={{ $json.text.hash('sha3') }}", dataPropertyName: 'h' }),
    ]),
    check: (e) => e.status === 'success' && /^[0-9a-f]{32}$/.test(output(e, 'Crypto')?.[0]?.json?.h ?? ''),
    timeoutMs: 30_000,
  },
  // One large item made by an expression (in the worker), sent back as text, checked, copied
  // whole by the next Set node (in slices), measured for the run cache and written for the
  // editor: at 3M elements these steps held the loop 50–250 ms each (issue 14).
  {
    name: 'Set: a 1.9M-element array from an expression, copied whole by the next Set node',
    workflow: chainOf('Large item', [
      trigger(),
      node('Make', 'n8n-nodes-base.set', 3.4, { mode: 'manual', assignments: { assignments: [{ id: 'a', name: 'list', value: '={{ Array(1900000).fill(7) }}', type: 'array' }] }, options: {} }),
      node('Copy', 'n8n-nodes-base.set', 3.4, { mode: 'manual', includeOtherFields: true, assignments: { assignments: [{ id: 'b', name: 'n', value: '={{ $json.list.length }}', type: 'number' }] }, options: {} }),
    ]),
    check: (e) => e.status === 'success' && output(e, 'Copy')?.[0]?.json?.n === 1_900_000,
    timeoutMs: 60_000,
  },
  // The same large item through the other nodes that copy whole items (issue 14): Split Out's
  // "all other fields" (copied once per new item), Merge 1 by key (a copy per merged item),
  // Merge 3 by position (lodash merge of both inputs), Compare Datasets' "mix" (a clone of the
  // preferred item), Execute Workflow (the sub-workflow's input is a clone). Each held the loop
  // 60–1,300 ms at 1.9M values in one call; now copies past ~200,000 values are made in slices.
  {
    name: 'Split Out with all other fields, copying a 1.9M-element item',
    workflow: largeItemInto('Split', [node('Split', 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'parts', include: 'allOtherFields', options: {} })], { Make: { main: [[to('Split')]] } }),
    check: (e) => e.status === 'success' && output(e, 'Split')?.length === 2 && output(e, 'Split')?.[1]?.json?.list?.length === 1_900_000 && output(e, 'Split')?.[1]?.json?.parts === 2,
    timeoutMs: 60_000,
  },
  {
    name: 'Merge 1 by key and Merge 3 by position, merging a 1.9M-element item',
    workflow: largeItemInto(
      'Merge',
      [
        node('ByKey', 'n8n-nodes-base.merge', 1, { mode: 'mergeByKey', propertyName1: 'k', propertyName2: 'k' }),
        node('ByPosition', 'n8n-nodes-base.merge', 3, { mode: 'combine', combineBy: 'combineByPosition', options: {} }),
      ],
      { Make: { main: [[to('ByKey', 0), to('ByKey', 1), to('ByPosition', 0), to('ByPosition', 1)]] } },
    ),
    check: (e) => e.status === 'success' && output(e, 'ByKey')?.[0]?.json?.list?.length === 1_900_000 && output(e, 'ByPosition')?.[0]?.json?.list?.length === 1_900_000,
    timeoutMs: 60_000,
  },
  {
    name: 'Compare Datasets mixing two 1.9M-element items',
    workflow: largeItemInto(
      'Compare',
      [
        node('Alter', 'n8n-nodes-base.set', 3.4, { mode: 'manual', includeOtherFields: true, assignments: { assignments: [{ id: 'd', name: 'k2', value: 'changed', type: 'string' }] }, options: {} }),
        node('Compare', 'n8n-nodes-base.compareDatasets', 2.3, { mergeByFields: { values: [{ field1: 'k', field2: 'k' }] }, resolve: 'mix', preferWhenMix: 'input1', exceptWhenMix: 'k2', options: {} }),
      ],
      { Make: { main: [[to('Alter'), to('Compare', 0)]] }, Alter: { main: [[to('Compare', 1)]] } },
    ),
    check: (e) => e.status === 'success' && output(e, 'Compare', 2)?.[0]?.json?.k2 === 'changed' && output(e, 'Compare', 2)?.[0]?.json?.list?.length === 1_900_000,
    timeoutMs: 60_000,
  },
  {
    name: 'Execute Workflow passing a 1.9M-element item to its sub-workflow',
    workflow: (() => {
      const start = node('Start', 'n8n-nodes-base.executeWorkflowTrigger', 1);
      const done = node('Done', 'n8n-nodes-base.set', 3.4, { mode: 'manual', assignments: { assignments: [{ id: 'n', name: 'n', value: '={{ $json.list.length }}', type: 'number' }] }, options: {} });
      const sub = workflow('Sub', [start, done], chain(start, done));
      const make = node('Make', 'n8n-nodes-base.set', 3.4, { mode: 'manual', assignments: { assignments: [{ id: 'a', name: 'list', value: '={{ Array(1900000).fill(7) }}', type: 'array' }] }, options: {} });
      const call = node('Call', 'n8n-nodes-base.executeWorkflow', 1.1, { source: 'parameter', workflowJson: JSON.stringify(sub), mode: 'once', options: {} });
      return chainOf('Large item to a sub-workflow', [trigger(), make, call]);
    })(),
    check: (e) => e.status === 'success' && output(e, 'Call')?.[0]?.json?.n === 1_900_000,
    timeoutMs: 60_000,
  },
  // Not an attack on one node: thousands of node runs, each short. Without slicing the run (the
  // engine gives the loop back every RUN_SLICE_MS) the run held the server for all of them.
  {
    name: 'A loop of 6,000 node runs (Loop Over Items over 3,000 items)',
    workflow: longLoop(3000),
    check: (e) => e.status === 'success' && e.data.resultData.runData.Step.length === 3000,
    timeoutMs: 60_000,
  },
];

/**
 * The longest gap between two ticks of the loop, split by what the loop's thread did in it (Linux
 * schedstat): on a CPU (our code, or the part of a GC pause run on this thread), runnable but
 * waiting for a CPU (other processes, or this process's own helper threads, had the cores), and
 * the rest (asleep: waiting on GC helper threads, or I/O).
 */
export interface LoopGap {
  ms: number;
  cpuMs: number;
  waitMs: number;
}

/** The loop thread's [on-CPU, runqueue-wait] ns so far, or undefined where /proc has no schedstat. */
function threadSchedstat(): [number, number] | undefined {
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return Number.isFinite(run) && Number.isFinite(wait) ? [run, wait] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The large-item rows in the order of a cold first pass (tests/security/coldPass.test.ts asserts
 * the first two on a new server; bench/attack.bench.ts reports all five).
 */
export const COLD_PASS_ROWS = [
  'Set: a 1.9M-element array from an expression, copied whole by the next Set node',
  'Split Out with all other fields, copying a 1.9M-element item',
  'Merge 1 by key and Merge 3 by position, merging a 1.9M-element item',
  'Compare Datasets mixing two 1.9M-element items',
  'Execute Workflow passing a 1.9M-element item to its sub-workflow',
];

export interface Probe {
  execution: any;
  /** GET /rest/settings round trips while the attack ran, ms. */
  latencies: number[];
  /** Longest the event loop was held while the attack ran (gaps of a 2 ms interval), ms. */
  loopDelayMaxMs: number;
  /**
   * The most CPU time the loop's thread spent between two ticks, ms: what the server itself did
   * without giving the loop back, whatever else the machine ran (undefined without schedstat).
   */
  loopCpuMaxMs?: number;
  /** The longest gap, split (undefined without schedstat). */
  longestGap?: LoopGap;
  /** The run's error message (and description). */
  error: string;
  status: string;
  runMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The execution once it has ended, as the raw answer: the probe runs in the server's process, so
 * parsing a 12 MB execution here would be counted as the server holding its loop. The status is
 * read from the answer's head (the summary comes first); the caller parses it after the probe.
 */
async function executionOf(t: Live, id: string, timeoutMs: number): Promise<ArrayBuffer> {
  return t.until(async () => {
    const buf = await (await fetch(`${t.url}rest/executions/${id}`)).arrayBuffer();
    const head = new TextDecoder().decode(new Uint8Array(buf, 0, Math.min(4096, buf.byteLength)));
    const status = /"status":"(\w+)"/.exec(head)?.[1];
    return status && status !== 'running' && status !== 'new' ? buf : undefined;
  }, timeoutMs);
}

/** The newest of `count` executions started after `after` was taken, once all have ended. */
async function newestExecution(t: Live, after: Set<string>, timeoutMs: number, count = 1): Promise<ArrayBuffer> {
  const ids = await t.until(async () => {
    const r = await t.api('GET', '/executions?limit=50');
    const rows: Array<{ id: string }> = r.body?.data?.results ?? [];
    const fresh = rows.filter((row) => !after.has(String(row.id))).map((row) => String(row.id));
    return fresh.length >= count ? fresh : undefined;
  }, timeoutMs);
  for (const id of ids.slice(1)) await executionOf(t, id, timeoutMs);
  return executionOf(t, ids[0], timeoutMs);
}

async function knownExecutions(t: Live): Promise<Set<string>> {
  const r = await t.api('GET', '/executions?limit=100');
  return new Set(((r.body?.data?.results ?? []) as Array<{ id: string }>).map((row) => String(row.id)));
}

/**
 * The asking side of watchLoop, in its own process as a browser or curl would be: a client in
 * the server's own process has its request's sending and its answer's reading held up by the
 * same loop, so one hold of the server counted up to three times in its round trip.
 */
const ASKER = `
const url = process.argv[1];
const latencies = [];
let running = true;
process.on('message', () => { running = false; });
(async () => {
  // The first fetch of a process loads its HTTP client (100s of ms on a busy machine).
  try { await (await fetch(url)).arrayBuffer(); } catch {}
  process.send('ready');
  while (running) {
    const started = performance.now();
    try { await (await fetch(url)).arrayBuffer(); } catch { break; }
    latencies.push(performance.now() - started);
  }
  process.send(latencies, () => process.exit(0));
})();
`;

/**
 * Watches a live server's event loop until stop(): GET /rest/settings asked back to back from
 * another process (one request always in flight, so a blocked loop shows in its answer time)
 * and a 2 ms interval in the server's process (the longest gap between its ticks, less 2 ms, is
 * the longest the loop was held).
 */
export function watchLoop(t: Live): { ready: Promise<void>; stop(): Promise<{ latencies: number[]; loopDelayMaxMs: number; loopCpuMaxMs?: number; longestGap?: LoopGap }> } {
  const child = fork('-e', [ASKER, `${t.url}rest/settings`], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let latencies: number[] = [];
  const ready = new Promise<void>((resolve) => child.once('message', () => resolve()));
  const done = ready.then(
    () =>
      new Promise<void>((resolve) => {
        child.once('message', (m) => {
          latencies = m as number[];
          resolve();
        });
        child.once('exit', () => resolve());
      }),
  );
  let last = performance.now();
  let lastSched = threadSchedstat();
  let loopDelayMaxMs = 0;
  let loopCpuMaxMs = 0;
  let longestGap: LoopGap | undefined;
  const ticker = setInterval(() => {
    const now = performance.now();
    const sched = lastSched && threadSchedstat();
    if (sched && lastSched) {
      const cpuMs = (sched[0] - lastSched[0]) / 1e6;
      loopCpuMaxMs = Math.max(loopCpuMaxMs, cpuMs);
      if (now - last - 2 > loopDelayMaxMs) longestGap = { ms: now - last, cpuMs, waitMs: (sched[1] - lastSched[1]) / 1e6 };
    }
    loopDelayMaxMs = Math.max(loopDelayMaxMs, now - last - 2);
    last = now;
    lastSched = sched;
  }, 2);
  return {
    ready,
    async stop() {
      clearInterval(ticker);
      await ready;
      child.send('stop');
      await done;
      return { latencies, loopDelayMaxMs: Math.max(0, loopDelayMaxMs), ...(lastSched ? { loopCpuMaxMs, longestGap } : {}) };
    },
  };
}

/**
 * Runs one attack on a live server while asking GET /rest/settings back to back (one request
 * is always in flight, so a blocked loop shows in its answer time) and timing a 2 ms interval
 * (the longest gap between its ticks, less 2 ms, is the longest the loop was held).
 */
export async function probeAttack(t: Live, attack: Attack): Promise<Probe> {
  const timeoutMs = attack.timeoutMs ?? 10_000;
  const before = attack.webhook ? await knownExecutions(t) : undefined;
  // Deactivated at the end, so that a retry of the attack can take the same path again.
  const activated = attack.webhook ? await t.activate(attack.webhook.workflow) : undefined;
  const watch = watchLoop(t);
  await watch.ready;
  await sleep(30);
  const started = performance.now();
  let latencies: number[] = [];
  let loopDelayMaxMs = 0;
  let loopCpuMaxMs: number | undefined;
  let longestGap: LoopGap | undefined;
  let raw: ArrayBuffer | undefined;
  let execution: any;
  try {
    if (attack.webhook) {
      const { path, body, calls = 1 } = attack.webhook;
      const call = async () => (await t.hook(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).arrayBuffer();
      await Promise.all(Array.from({ length: calls }, call));
      raw = await newestExecution(t, before!, timeoutMs, calls);
    } else {
      const r = await t.api('POST', '/workflows/run', { workflowData: attack.workflow });
      if (r.status !== 200) throw new Error(`run: ${r.status} ${JSON.stringify(r.body)}`);
      raw = await executionOf(t, r.body.data.executionId, timeoutMs);
    }
  } finally {
    const runMs = performance.now() - started;
    await sleep(30);
    ({ latencies, loopDelayMaxMs, loopCpuMaxMs, longestGap } = await watch.stop());
    if (raw) execution = JSON.parse(new TextDecoder().decode(raw)).data;
    if (execution) (execution as { runMs?: number }).runMs = runMs;
    if (activated) await t.api('PATCH', `/workflows/${activated.id}`, { active: false });
  }
  const err = execution?.data?.resultData?.error;
  return {
    execution,
    latencies,
    loopDelayMaxMs,
    loopCpuMaxMs,
    longestGap,
    error: [err?.message, err?.description].filter(Boolean).join(' — '),
    status: execution?.status,
    runMs: execution?.runMs ?? 0,
  };
}
