// Execution Data (n8n-nodes-base.executionData 1 and 1.1): custom data of the execution in
// resultData.metadata with n8n's rules (10 keys, A-Za-z0-9_ keys cut to 50, values cut to 512);
// items pass through.
import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, output, runChain } from './helpers.ts';

const save = (typeVersion: number, values: Array<{ key: string; value?: unknown }>, extra: Record<string, unknown> = {}) => ({
  name: 'Save',
  type: 'n8n-nodes-base.executionData',
  typeVersion,
  parameters: { operation: 'save', dataToSave: { values } },
  ...extra,
});

describe('Execution Data', () => {
  it('saves key/value pairs (expressions per item) and passes items through', async () => {
    const run = await runChain([{ id: 'u-1' }, { id: 'u-2', plan: 'pro' }], [save(1.1, [{ key: 'userId', value: '={{ $json.id }}' }, { key: 'source', value: 'import' }])]);
    expect(jsonOf(run, 'Save')).toEqual([{ id: 'u-1' }, { id: 'u-2', plan: 'pro' }]);
    // Later items overwrite earlier ones' values, as n8n's setAll per item.
    expect(run.data.resultData.metadata).toEqual({ userId: 'u-2', source: 'import' });
  });

  it("n8n's limits: 10 keys (more are ignored), keys cut to 50 and values to 512 characters", async () => {
    const values = Array.from({ length: 12 }, (_, i) => ({ key: `k${i}`, value: `v${i}` }));
    const run = await runChain([{}], [save(1.1, values)]);
    expect(Object.keys(run.data.resultData.metadata!)).toEqual(values.slice(0, 10).map((v) => v.key));
    const long = await runChain([{}], [save(1.1, [{ key: 'k'.repeat(60), value: 'v'.repeat(600) }])]);
    const [[key, value]] = Object.entries(long.data.resultData.metadata!);
    expect(key).toBe('k'.repeat(50));
    expect(value).toBe('v'.repeat(512));
  });

  it('a key with other characters fails the node with n8n\'s message; valid pairs are kept', async () => {
    const run = await runChain([{}], [save(1.1, [{ key: 'good_1', value: 'x' }, { key: 'bad key!', value: 'y' }])]);
    expect(errorOf(run, 'Save')?.message).toBe('Custom data key can only contain characters "A-Za-z0-9_" (key "bad key!")');
    expect(run.data.resultData.metadata).toEqual({ good_1: 'x' });
  });

  it('1 refuses a null value, 1.1 saves it as empty text', async () => {
    const v1 = await runChain([{}], [save(1, [{ key: 'empty', value: '={{ null }}' }])]);
    expect(errorOf(v1, 'Save')?.message).toBe('Custom data values must be a string (key "empty")');
    const v11 = await runChain([{}], [save(1.1, [{ key: 'empty', value: '={{ null }}' }])]);
    expect(v11.data.resultData.metadata).toEqual({ empty: '' });
    const unset = await runChain([{}], [save(1, [{ key: 'unset' }])]);
    expect(unset.data.resultData.metadata).toEqual({ unset: '' });
  });

  it('numbers are saved as text; continue on fail outputs the error per item', async () => {
    const run = await runChain([{ n: 42 }], [save(1.1, [{ key: 'count', value: '={{ $json.n }}' }])]);
    expect(run.data.resultData.metadata).toEqual({ count: '42' });
    const cont = await runChain([{ k: 'ok' }, { k: 'no way' }], [save(1.1, [{ key: '={{ $json.k }}', value: 'v' }], { continueOnFail: true })]);
    expect(output(cont, 'Save').map((i) => i.json)).toEqual([{ k: 'ok' }, { error: 'Custom data key can only contain characters "A-Za-z0-9_" (key "no way")' }]);
  });
});

describe('$execution.customData', () => {
  it('is the same custom data in expressions, Code nodes and the Execution Data node', async () => {
    const setNode = {
      name: 'Set',
      type: 'n8n-nodes-base.set',
      typeVersion: 3.4,
      parameters: { mode: 'manual', assignments: { assignments: [{ id: 'a', name: 'saw', value: "={{ $execution.customData.set('fromSet', $json.id), $execution.customData.get('fromNode') }}", type: 'string' }] }, options: {} },
    };
    const code = {
      name: 'Code',
      type: 'n8n-nodes-base.code',
      typeVersion: 2,
      parameters: {
        jsCode: "$execution.customData.setAll({ fromCode: 'c', n: 7 }); return [{ json: { all: $execution.customData.getAll(), one: $execution.customData.get('fromSet'), none: $execution.customData.get('nope') ?? null } }];",
      },
    };
    const run = await runChain([{ id: 'u-1' }], [save(1.1, [{ key: 'fromNode', value: 'x' }]), setNode, code]);
    expect(jsonOf(run, 'Set')).toEqual([{ saw: 'x' }]);
    expect(jsonOf(run, 'Code')).toEqual([{ all: { fromNode: 'x', fromSet: 'u-1', fromCode: 'c', n: '7' }, one: 'u-1', none: null }]);
    expect(run.data.resultData.metadata).toEqual({ fromNode: 'x', fromSet: 'u-1', fromCode: 'c', n: '7' });
  });

  it("a Code node gets n8n's errors for bad keys, and the limits hold", async () => {
    const code = (jsCode: string) => ({ name: 'Code', type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode } });
    const bad = await runChain([{}], [code("$execution.customData.set('a-b', 'x'); return [];")]);
    expect(errorOf(bad, 'Code')?.message).toMatch(/Custom data key can only contain characters "A-Za-z0-9_"/);
    const many = await runChain([{}], [code("for (let i = 0; i < 12; i++) $execution.customData.set('k' + i, 'v'.repeat(600)); return [{ json: $execution.customData.getAll() }];")]);
    const all = jsonOf(many, 'Code')[0] as Record<string, string>;
    expect(Object.keys(all)).toHaveLength(10);
    expect(all.k0).toHaveLength(512);
  });
});
