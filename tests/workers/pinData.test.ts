import { describe, expect, it } from 'vitest';
import {
  SINGLE_QUOTE_MESSAGE,
  addPinText,
  beginPinText,
  checkHeldPinText,
  workflowSizeError,
  checkPinDataText,
  checkPinDataTotal,
  pinDataBytes,
  releasePinItems,
  takePinChunk,
  toPinItems,
  validatePinDataText,
  PIN_CHUNK_BYTES,
} from '../../workers/pinData/kernel.ts';
import { pinDataApi } from '../../workers/pinData.worker.ts';

describe('pin-data kernel', () => {
  it('accepts a list of objects or one object, as n8n items, measured as stored (compact JSON)', () => {
    expect(validatePinDataText('[{"a": 1}, {"json": {"b": 2}}]')).toEqual({ ok: true, items: [{ json: { a: 1 } }, { json: { b: 2 } }], bytes: '[{"json":{"a":1}},{"json":{"b":2}}]'.length });
    expect(validatePinDataText('{"a": 1}')).toMatchObject({ ok: true, items: [{ json: { a: 1 } }] });
    // Indentation does not count: 'é' is two bytes.
    expect(validatePinDataText('[\n  {\n    "é": 1\n  }\n]')).toMatchObject({ ok: true, bytes: '[{"json":{"é":1}}]'.length + 1 });
  });

  it("reports invalid JSON as n8n words it: the line, then the position in the whole text", () => {
    const r = validatePinDataText('[\n  {"a": 1},\n  {"b": }\n]');
    expect(r).toEqual({ ok: false, error: { kind: 'invalidJson', message: "On line 3: Unexpected token '}' (at position 22)", line: 3, column: 9, position: 22 } });
    const eof = validatePinDataText('[{"a": 1}');
    expect(eof).toMatchObject({ ok: false, error: { kind: 'invalidJson', line: 1, position: 9 } });
    expect(!eof.ok && eof.error.message).toBe('On line 1: Unexpected end of JSON (at position 9)');
  });

  it('gives single quotes their own message', () => {
    const r = validatePinDataText("[\n  {'name': 'Ada'}\n]");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toBe(`On line 2: ${SINGLE_QUOTE_MESSAGE} (at position 5)`);
    expect(SINGLE_QUOTE_MESSAGE).toBe('Unexpected single quote. Please use double quotes (") instead');
    // A single quote inside a string is fine.
    expect(validatePinDataText(`[{"name": "O'Brien"}]`).ok).toBe(true);
  });

  it('refuses values that are not items', () => {
    for (const text of ['1', '"x"', '[1, 2]', 'null', '[{"a":1}, []]']) expect(validatePinDataText(text)).toMatchObject({ ok: false, error: { kind: 'notItems' } });
  });

  it('keeps the workflow within 12 MB: the other nodes count, sizes as n8n says them', () => {
    const one = '[{"a":"' + 'x'.repeat(1024) + '"}]';
    const r = validatePinDataText(one, { otherPinnedBytes: 12 * 1024 * 1024 - 100 });
    expect(r).toMatchObject({ ok: false, error: { kind: 'tooLarge', limit: 12 * 1024 * 1024 } });
    expect(!r.ok && r.error.message).toBe('Workflow has reached the maximum allowed pinned data size (12.0 MB / 12.0 MB)');
    expect(validatePinDataText(one, { otherPinnedBytes: 12 * 1024 * 1024 - 2000 }).ok).toBe(true);
    // 13 MB of valid items: parsed, then refused by size.
    const big = JSON.stringify(Array.from({ length: 13 }, () => ({ s: 'y'.repeat(1024 * 1024) })));
    const b = validatePinDataText(big);
    expect(b).toMatchObject({ ok: false, error: { kind: 'tooLarge' } });
    expect(!b.ok && b.error.message).toBe('Workflow has reached the maximum allowed pinned data size (13.0 MB / 12.0 MB)');
  });

  it('refuses text over three times the limit before parsing it', () => {
    const huge = 'x'.repeat(37 * 1024 * 1024);
    const t0 = performance.now();
    const r = validatePinDataText(huge);
    expect(r).toMatchObject({ ok: false, error: { kind: 'tooLarge', limit: 12 * 1024 * 1024 } });
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('hands a big result back in parts of about 128 KB, then lets it go', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `item ${i}`, text: 'z'.repeat(80) }));
    const r = checkPinDataText(JSON.stringify(items));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.count).toBe(20_000);
    // About one part per 128 KB of stored JSON.
    expect(r.chunks).toBeGreaterThanOrEqual(Math.floor(r.bytes / PIN_CHUNK_BYTES));
    expect(r.chunks).toBeLessThanOrEqual(Math.ceil(r.bytes / PIN_CHUNK_BYTES) + 1);
    const back = [];
    for (let i = 0; i < r.chunks; i++) back.push(...takePinChunk(r.token, i));
    expect(back).toEqual(items.map((json) => ({ json })));
    expect(() => takePinChunk(r.token, 0)).toThrow(/no longer held/);
    const again = checkPinDataText('[{"a":1}]');
    if (!again.ok) throw new Error('valid');
    releasePinItems(again.token);
    expect(() => takePinChunk(again.token, 0)).toThrow(/no longer held/);
    expect(checkPinDataText('[{"a":}]')).toMatchObject({ ok: false, error: { kind: 'invalidJson', line: 1 } });
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
    expect(pinDataApi.checkPinDataText).toBe(checkPinDataText);
    expect(pinDataApi.takePinChunk).toBe(takePinChunk);
  });
});

describe('a text sent in parts', () => {
  it('is checked as the whole text and let go', () => {
    const items = Array.from({ length: 3000 }, (_, i) => ({ i, s: 'é'.repeat(300) }));
    const text = JSON.stringify(items, null, 2);
    const token = beginPinText();
    for (let i = 0; i < text.length; i += 100_000) addPinText(token, text.slice(i, i + 100_000));
    const r = checkHeldPinText(token);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.count).toBe(3000);
    const back = [];
    for (let i = 0; i < r.chunks; i++) back.push(...takePinChunk(r.token, i));
    expect(back).toEqual(items.map((json) => ({ json })));
    expect(() => checkHeldPinText(token)).toThrow(/no longer held/);
    const bad = beginPinText();
    addPinText(bad, '[{"a": 1}');
    addPinText(bad, ',\n{"b": }]');
    expect(checkHeldPinText(bad)).toMatchObject({ ok: false, error: { kind: 'invalidJson', line: 2, message: "On line 2: Unexpected token '}' (at position 17)" } });
  });
});

describe('the workflow stays savable', () => {
  it("refuses when the workflow and its pinned data pass 12 MB less n8n's 2 KB for the request", () => {
    const limit = 12 * 1024 * 1024 - 2048;
    expect(workflowSizeError(1000, limit - 1000)).toBeUndefined();
    expect(workflowSizeError(2 * 1024 * 1024, 11 * 1024 * 1024)).toEqual({ kind: 'tooLarge', bytes: 13 * 1024 * 1024, limit, message: 'Workflow has reached the maximum allowed size (13.0 MB / 12.0 MB)' });
  });
});
