import { describe, expect, it } from 'vitest';
import { checkPinDataTotal, pinDataBytes, toPinItems, validatePinDataText } from '../../workers/pinData/kernel.ts';
import { pinDataApi } from '../../workers/pinData.worker.ts';

describe('pin-data kernel', () => {
  it('accepts a list of objects or one object, as n8n items', () => {
    expect(validatePinDataText('[{"a": 1}, {"json": {"b": 2}}]')).toEqual({ ok: true, items: [{ json: { a: 1 } }, { json: { b: 2 } }], bytes: 30 });
    expect(validatePinDataText('{"a": 1}')).toMatchObject({ ok: true, items: [{ json: { a: 1 } }] });
  });

  it('reports invalid JSON with line and position', () => {
    const r = validatePinDataText('[\n  {"a": 1},\n  {"b": }\n]');
    expect(r).toEqual({ ok: false, error: { kind: 'invalidJson', message: "Unexpected token '}' at line 3, position 9", line: 3, column: 9 } });
  });

  it('gives single quotes their own message', () => {
    const r = validatePinDataText("[{'name': 'Ada'}]");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toBe('Unexpected single quote: JSON strings and names need double quotes at line 1, position 3');
  });

  it('refuses values that are not items', () => {
    for (const text of ['1', '"x"', '[1, 2]', 'null', '[{"a":1}, []]']) expect(validatePinDataText(text)).toMatchObject({ ok: false, error: { kind: 'notItems' } });
  });

  it('refuses more than 12 MB for the workflow before parsing', () => {
    const big = '[' + '{"a":"' + 'x'.repeat(1024) + '"},'.repeat(1) + ']';
    expect(validatePinDataText(big, { otherPinnedBytes: 12 * 1024 * 1024 - 100 })).toMatchObject({ ok: false, error: { kind: 'tooLarge' } });
    const huge = 'x'.repeat(13 * 1024 * 1024);
    const t0 = performance.now();
    const r = validatePinDataText(huge);
    expect(r).toMatchObject({ ok: false, error: { kind: 'tooLarge', limit: 12 * 1024 * 1024 } });
    expect(!r.ok && r.error.message).toMatch(/^Output data is too large to pin: .* 13\.0 MB, the limit is 12\.0 MB\.$/);
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('measures pinned data and the workflow total', () => {
    expect(pinDataBytes({ A: [{ json: { é: 1 } }] })).toBe('[{"json":{"é":1}}]'.length + 1);
    expect(checkPinDataTotal({ A: [{ json: { a: 'x'.repeat(100) } }] }, { B: [{ json: {} }] }, 200)).toBeUndefined();
    expect(checkPinDataTotal({ A: [{ json: { a: 'x'.repeat(100) } }] }, { B: [{ json: { b: 'y'.repeat(100) } }] }, 200)).toMatchObject({ kind: 'tooLarge' });
  });

  it('wraps plain objects and keeps n8n items', () => {
    expect(toPinItems([{ json: { a: 1 }, binary: {} }])).toEqual([{ json: { a: 1 }, binary: {} }]);
    expect(toPinItems([{ json: { a: 1 }, other: 1 }])).toEqual([{ json: { json: { a: 1 }, other: 1 } }]);
  });

  it('the worker API is the kernel', () => {
    expect(pinDataApi.validatePinDataText('[]')).toEqual({ ok: true, items: [], bytes: 2 });
  });
});
