// A deterministic workflow shaped like the large real ones people import (issue 10: "a 500-node,
// 5 MB workflow imports and opens within the open budget"), not a grid of Set nodes: lanes that
// each start at a webhook or a schedule, run through Code nodes with long sources, HTTP Requests
// with headers and JSON bodies (some with onError 'continueErrorOutput' and an error branch),
// Set nodes with many fields, IF and Switch branches, nodes of types Switchyard does not have
// (Slack, Google Sheets, Postgres …), and AI agents with their sub-nodes (model, memory, tools)
// on ai_* connections; sticky notes over the lanes, notes in the flow, credentials by id, and
// pinned data (large output samples on the nodes people pin) until the file reaches the target
// size. Same seed, same file.
import type { IConnections, INode, IPinData, IWorkflowBase } from '../src/model/workflow.ts';
import { rng, uuid } from './generateWorkflow.ts';

export interface LargeOptions {
  /** Serialized size (JSON.stringify, no indentation) to reach with pinned data, bytes. Default 5 MB. */
  targetBytes?: number;
  seed?: number;
}

const COLUMN = 260;
const ROW = 420;
const LANE_LENGTH = 24;

const WORDS = ['order', 'customer', 'invoice', 'ticket', 'lead', 'account', 'payment', 'shipment', 'refund', 'contact', 'campaign', 'report'];

/** Code-node source of about `lines` lines: helpers, a loop over the items, comments — JavaScript people write. */
function codeSource(r: () => number, index: number, lines: number): string {
  const w = () => WORDS[Math.floor(r() * WORDS.length)];
  const out: string[] = [
    `// Step ${index}: normalise the incoming ${w()} records before they are sent on.`,
    `const seen = new Set();`,
    `const results = [];`,
  ];
  let f = 0;
  while (out.length < lines) {
    const a = w();
    const b = w();
    f++;
    out.push(
      ``,
      `/** Reads the ${a} ${b} field, trimming and lower-casing text and keeping numbers as they are. */`,
      `function read${a[0].toUpperCase()}${a.slice(1)}${f}(item) {`,
      `  const value = item.json?.${a}?.${b} ?? item.json?.${b}_${a} ?? null;`,
      `  if (typeof value === 'string') return value.trim().toLowerCase();`,
      `  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value * 100) / 100;`,
      `  return value;`,
      `}`,
    );
  }
  out.push(
    ``,
    `for (const item of $input.all()) {`,
    `  const key = JSON.stringify(item.json.id ?? item.json.email ?? item.json);`,
    `  if (seen.has(key)) continue; // the source sends duplicates on retries`,
    `  seen.add(key);`,
    `  results.push({ json: { ...item.json, step${index}: true, processedAt: new Date().toISOString() } });`,
    `}`,
    `return results;`,
  );
  return out.join('\n');
}

function pinnedItem(r: () => number, i: number): { json: Record<string, unknown> } {
  const w = () => WORDS[Math.floor(r() * WORDS.length)];
  return {
    json: {
      id: 100000 + i,
      email: `${w()}.${i}@example.com`,
      name: `${w()} ${w()} ${i}`,
      status: r() < 0.8 ? 'active' : 'archived',
      amount: Math.round(r() * 1e6) / 100,
      createdAt: new Date(1_700_000_000_000 + Math.floor(r() * 3e10)).toISOString(),
      address: { street: `${Math.floor(r() * 999)} ${w()} street`, city: `${w()}ville`, zip: String(10000 + Math.floor(r() * 89999)), country: 'DE' },
      tags: [w(), w(), w()],
      lines: Array.from({ length: 3 }, (_, k) => ({ sku: `SKU-${i}-${k}`, qty: 1 + Math.floor(r() * 5), price: Math.round(r() * 10000) / 100, note: `${w()} ${w()} ${w()} ${w()}` })),
      description: Array.from({ length: 12 }, w).join(' '),
    },
  };
}

export function generateLargeWorkflow(nodeCount = 500, options: LargeOptions = {}): IWorkflowBase {
  if (!Number.isInteger(nodeCount) || nodeCount < 20 || nodeCount > 20_000) throw new RangeError(`generateLargeWorkflow: nodeCount must be an integer from 20 to 20000, got ${nodeCount}`);
  const target = options.targetBytes ?? 5 * 1024 * 1024;
  const r = rng(options.seed ?? 7);
  const nodes: INode[] = [];
  const connections: IConnections = {};
  const pinnable: string[] = [];
  const link = (from: string, to: string, type = 'main', output = 0, input = 0) => {
    const outputs = ((connections[from] ??= {})[type] ??= []);
    while (outputs.length <= output) outputs.push([]);
    (outputs[output] ??= []).push({ node: to, type, index: input });
  };
  const add = (n: Omit<INode, 'id'>): INode => {
    const node = { id: uuid(r), ...n } as INode;
    nodes.push(node);
    return node;
  };
  const credential = (type: string, label: string) => ({ [type]: { id: uuid(r).slice(0, 16), name: label } });

  for (let lane = 0; nodes.length < nodeCount; lane++) {
    const y = lane * ROW;
    const webhook = lane % 3 !== 2;
    const first = add(
      webhook
        ? { name: `Webhook ${lane}`, type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, y], parameters: { httpMethod: 'POST', path: `lane-${lane}`, responseMode: 'lastNode', options: {} }, webhookId: uuid(r) }
        : { name: `Every hour ${lane}`, type: 'n8n-nodes-base.scheduleTrigger', typeVersion: 1.2, position: [0, y], parameters: { rule: { interval: [{ field: 'hours', hoursInterval: 1 }] } } },
    );
    pinnable.push(first.name);
    // Over each lane a sticky note that says what it does.
    add({
      name: `Sticky Note ${lane}`, type: 'n8n-nodes-base.stickyNote', typeVersion: 1, position: [-40, y - 120],
      parameters: { content: `## Lane ${lane}: ${WORDS[lane % WORDS.length]} sync\nReceives the records, cleans them in **Code**, enriches them over HTTP and writes them to the sheet and Slack.\n- errors go to the error branch\n- the agent answers questions about the ${WORDS[(lane + 3) % WORDS.length]}s`, width: LANE_LENGTH * COLUMN, height: 380, color: 1 + (lane % 7) },
    });
    let prev = first.name;
    for (let step = 1; step < LANE_LENGTH && nodes.length < nodeCount; step++) {
      const x = step * COLUMN;
      const i = nodes.length;
      const kind = (lane * 5 + step) % 9;
      let n: INode;
      switch (kind) {
        case 0:
        case 5:
          n = add({ name: `Clean records ${i}`, type: 'n8n-nodes-base.code', typeVersion: 2, position: [x, y], parameters: { jsCode: codeSource(r, i, 200 + Math.floor(r() * 200)) }, notes: `Drops duplicates of step ${i} and normalises the ${WORDS[i % WORDS.length]} fields`, notesInFlow: r() < 0.5 });
          pinnable.push(n.name);
          break;
        case 1:
        case 6: {
          n = add({
            name: `Enrich ${i}`, type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, position: [x, y],
            parameters: {
              method: 'POST', url: `https://api.example.com/v2/${WORDS[i % WORDS.length]}s/{{ $json.id }}/enrich`, authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth',
              sendHeaders: true, headerParameters: { parameters: Array.from({ length: 6 }, (_, k) => ({ name: `X-Header-${k}`, value: `={{ $json.${WORDS[(i + k) % WORDS.length]} }}` })) },
              sendBody: true, specifyBody: 'json', jsonBody: JSON.stringify({ fields: Array.from({ length: 30 }, (_, k) => `${WORDS[(i + k) % WORDS.length]}_${k}`), expand: ['address', 'lines'], options: { locale: 'de-DE', currency: 'EUR' } }, null, 2),
              options: { timeout: 20000, batching: { batch: { batchSize: 50, batchInterval: 1000 } } },
            },
            credentials: credential('httpHeaderAuth', 'Enrichment API'),
            retryOnFail: true, maxTries: 3, waitBetweenTries: 2000,
            ...(kind === 6 ? { onError: 'continueErrorOutput' as const } : {}),
          });
          pinnable.push(n.name);
          if (kind === 6 && nodes.length < nodeCount) {
            const err = add({ name: `Report failure ${i}`, type: 'n8n-nodes-base.slack', typeVersion: 2.2, position: [x + COLUMN / 2, y + 180], parameters: { select: 'channel', channelId: { __rl: true, value: 'C0ALERTS', mode: 'id' }, text: `=Enrichment failed: {{ $json.error.message }}`, otherOptions: {} }, credentials: credential('slackApi', 'Slack bot') });
            link(n.name, err.name, 'main', 1);
          }
          break;
        }
        case 2:
          n = add({ name: `Map fields ${i}`, type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [x, y], parameters: { assignments: { assignments: Array.from({ length: 16 }, (_, k) => ({ id: uuid(r), name: `${WORDS[(i + k) % WORDS.length]}_${k}`, value: `={{ $json.${WORDS[k % WORDS.length]} ?? '' }}`, type: 'string' })) }, options: {} } });
          break;
        case 3:
          n = add({ name: `Is active ${i}`, type: 'n8n-nodes-base.if', typeVersion: 2, position: [x, y], parameters: { conditions: { options: { caseSensitive: true, leftValue: '', typeValidation: 'strict' }, conditions: [{ id: uuid(r), leftValue: '={{ $json.status }}', rightValue: 'active', operator: { type: 'string', operation: 'equals' } }], combinator: 'and' }, options: {} } });
          break;
        case 4:
          n = add({ name: `Append to sheet ${i}`, type: 'n8n-nodes-base.googleSheets', typeVersion: 4.5, position: [x, y], parameters: { operation: 'append', documentId: { __rl: true, value: '1AbCdEfGhIjKlMnOpQrStUvWxYz', mode: 'id' }, sheetName: { __rl: true, value: 'gid=0', mode: 'list', cachedResultName: 'Sheet1' }, columns: { mappingMode: 'autoMapInputData', value: {}, matchingColumns: [], schema: Array.from({ length: 12 }, (_, k) => ({ id: `col${k}`, displayName: `${WORDS[k % WORDS.length]} ${k}`, required: false, defaultMatch: false, display: true, type: 'string', canBeUsedToMatch: true })) }, options: {} }, credentials: credential('googleSheetsOAuth2Api', 'Sheets account') });
          break;
        case 7: {
          n = add({ name: `Support agent ${i}`, type: '@n8n/n8n-nodes-langchain.agent', typeVersion: 1.7, position: [x, y], parameters: { promptType: 'define', text: '={{ $json.question }}', options: { systemMessage: `You answer questions about ${WORDS[i % WORDS.length]}s. Use the tools; say when you do not know.\n`.repeat(8) } }, notes: 'Answers from the CRM and the order API', notesInFlow: true });
          const subs: Array<[string, string, Record<string, unknown>, string]> = [
            ['OpenAI Chat Model', '@n8n/n8n-nodes-langchain.lmChatOpenAi', { model: { __rl: true, value: 'gpt-4o-mini', mode: 'list' }, options: { temperature: 0.2 } }, 'ai_languageModel'],
            ['Window Buffer Memory', '@n8n/n8n-nodes-langchain.memoryBufferWindow', { sessionIdType: 'customKey', sessionKey: '={{ $json.sessionId }}', contextWindowLength: 10 }, 'ai_memory'],
            ['Order lookup tool', '@n8n/n8n-nodes-langchain.toolCode', { name: 'order_lookup', description: 'Looks an order up by its number', jsCode: codeSource(r, i, 60) }, 'ai_tool'],
            ['CRM tool', '@n8n/n8n-nodes-langchain.toolHttpRequest', { toolDescription: 'Reads a CRM contact', url: 'https://crm.example.com/api/contacts/{id}', placeholderDefinitions: { values: [{ name: 'id', type: 'string' }] } }, 'ai_tool'],
          ];
          subs.forEach(([label, type, parameters, connection], k) => {
            if (nodes.length >= nodeCount) return;
            const sub = add({ name: `${label} ${i}`, type, typeVersion: 1, position: [x - 60 + k * 110, y + 200], parameters });
            link(sub.name, n.name, connection, 0, 0);
          });
          break;
        }
        default:
          n = add({ name: `Postgres upsert ${i}`, type: 'n8n-nodes-base.postgres', typeVersion: 2.5, position: [x, y], parameters: { operation: 'upsert', schema: { __rl: true, value: 'public', mode: 'list' }, table: { __rl: true, value: `${WORDS[i % WORDS.length]}s`, mode: 'list' }, columns: { mappingMode: 'autoMapInputData', value: {} }, options: {} }, credentials: credential('postgres', 'Warehouse') });
      }
      link(prev, n.name);
      prev = n.name;
    }
  }

  const wf: IWorkflowBase = {
    name: `Large real-shaped workflow (${nodes.length} nodes)`,
    active: false,
    nodes,
    connections,
    settings: { executionOrder: 'v1', saveManualExecutions: true, callerPolicy: 'workflowsFromSameOwner', errorWorkflow: 'wf-errors' },
    pinData: {},
    meta: { instanceId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f0e1d2c3b4a5968778695a4b3c2d1e0f', templateCredsSetupCompleted: true },
    tags: [{ id: 'tag-sync', name: 'sync' } as never],
  };
  // Pinned data last, item by item over the pinnable nodes, until the file has the target size.
  const pinData: IPinData = {};
  wf.pinData = pinData;
  let size = JSON.stringify(wf).length;
  const perItem = JSON.stringify(pinnedItem(rng(1), 0)).length + 1;
  let k = 0;
  // People pin a few nodes' outputs, not every node's: every fourth candidate.
  const pinned = pinnable.filter((_, i) => i % 4 === 0);
  while (size < target && pinned.length) {
    const name = pinned[k % pinned.length];
    const items = (pinData[name] ??= []);
    if (items.length === 0) size += name.length + 6;
    items.push(pinnedItem(r, k));
    size += perItem;
    k++;
  }
  return wf;
}
