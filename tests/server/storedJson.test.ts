// Stored JSON that another program wrote: NaN/Infinity read as null (as JSON.stringify writes
// them), anything else unreadable answered with a message that names the workflow part.
import { describe, expect, it } from 'vitest';
import { nullNonFiniteNumbers, parseStoredJson, StoredJsonError } from '../../src/server/db/repositories/ids.ts';

describe('stored JSON', () => {
  it('reads NaN, Infinity and -Infinity outside strings as null, and leaves strings alone', () => {
    expect(nullNonFiniteNumbers('[1,2]')).toBeUndefined();
    expect(nullNonFiniteNumbers('{"p":[NaN, Infinity],"q":-Infinity}')).toBe('{"p":[null, null],"q":null}');
    expect(nullNonFiniteNumbers('{"s":"NaN \\" Infinity","p":NaN}')).toBe('{"s":"NaN \\" Infinity","p":null}');
    expect(parseStoredJson('[{"position":[NaN,1e12]}]', 'x')).toEqual([{ position: [null, 1e12] }]);
    expect(parseStoredJson('{"a":"NaN"}', 'x')).toEqual({ a: 'NaN' });
  });

  it('names the part that cannot be read', () => {
    let error: unknown;
    try {
      parseStoredJson('[{"name": "A",', 'The nodes of workflow "W" (id 1)');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoredJsonError);
    expect((error as StoredJsonError).statusCode).toBe(500);
    expect((error as Error).message).toMatch(/^The nodes of workflow "W" \(id 1\) cannot be read: the stored JSON is invalid \(/);
  });
});
