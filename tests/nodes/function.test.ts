import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, registry, runChain } from './helpers.ts';

const fn = (type: string, functionCode: string, extra: Record<string, unknown> = {}) => ({ name: 'Fn', type: `n8n-nodes-base.${type}`, typeVersion: 1, parameters: { functionCode }, ...extra });

describe('Function (legacy)', () => {
  it('is hidden from the node creator and runs code over all items', async () => {
    expect(registry.get('n8n-nodes-base.function', 1)!.description.hidden).toBe(true);
    const run = await runChain([{ a: 1 }, { a: 2 }], [fn('function', 'for (const item of items) item.json.b = item.json.a * 2;\nreturn items;')]);
    expect(jsonOf(run, 'Fn')).toEqual([{ a: 1, b: 2 }, { a: 2, b: 4 }]);
  });
  it('checks what the code returns', async () => {
    const none = await runChain([{ a: 1 }], [fn('function', 'return;')]);
    expect(errorOf(none, 'Fn')?.message).toBe('No data got returned. Always return an Array of items!');
    const noJson = await runChain([{ a: 1 }], [fn('function', 'return [{ json: {} }, { other: 1, json: 1 }];')]);
    expect(errorOf(noJson, 'Fn')?.message).toBe('The json-property has to be an object!');
    const cont = await runChain([{ a: 1 }], [fn('function', 'throw new Error("nope")', { continueOnFail: true })]);
    expect(jsonOf(cont, 'Fn')).toEqual([{ error: 'nope' }]);
  });
});

describe('Function Item (legacy)', () => {
  it("runs once per item with the item's JSON and returns it", async () => {
    const run = await runChain([{ a: 1 }, { a: 2 }], [fn('functionItem', 'item.b = item.a + 10;\nreturn item;')]);
    expect(jsonOf(run, 'Fn')).toEqual([{ a: 1, b: 11 }, { a: 2, b: 12 }]);
  });
  it('fails without a returned object, naming the item on errors', async () => {
    const none = await runChain([{ a: 1 }], [fn('functionItem', 'item.x = 1;')]);
    expect(errorOf(none, 'Fn')?.message).toBe('No data got returned. Always an object has to be returned!');
    const thrown = await runChain([{ a: 1 }, { a: 2 }], [fn('functionItem', 'if (item.a === 2) throw new Error("bad"); return item;')]);
    expect(errorOf(thrown, 'Fn')?.message).toContain('bad');
    expect(errorOf(thrown, 'Fn')?.message).toContain('[Item Index: 1]');
  });
});
