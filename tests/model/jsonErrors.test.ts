import { describe, expect, it } from 'vitest';
import { jsonErrorMessage, locateJsonError } from '../../src/model/jsonErrors.ts';

describe('locateJsonError', () => {
  it('accepts valid JSON', () => {
    for (const ok of ['{}', '[1, 2.5e3, -0, "a\\n\\u00e9", true, false, null]', ' {"a": {"b": []}} ']) expect(locateJsonError(ok)).toBeUndefined();
  });

  it('points at the first error with line and column', () => {
    expect(locateJsonError('{\n  "a": 1,\n  "b": }')).toMatchObject({ line: 3, column: 8, message: "Unexpected token '}'" });
    expect(locateJsonError('[1, 2,]')).toMatchObject({ line: 1, column: 7 });
    expect(locateJsonError('{"a": 1 "b": 2}')).toMatchObject({ column: 9, message: "Expected ',' or '}' after a property value, found token '\"'" });
    expect(locateJsonError('{"a": 1,}')).toMatchObject({ message: "Expected a property name in double quotes, found '}' after a comma" });
    expect(locateJsonError('{"a": [1, 2')).toMatchObject({ message: 'Unexpected end of JSON', column: 12 });
    expect(locateJsonError('{"a": "x\ny"}')).toMatchObject({ message: 'Unescaped control character or line break in a string', line: 1, column: 9 });
    expect(locateJsonError('{} x')).toMatchObject({ message: "Unexpected token 'x' after the end of the JSON value" });
  });

  it('explains single quotes', () => {
    expect(jsonErrorMessage("{'a': 1}")).toBe('Unexpected single quote: JSON strings and names need double quotes (line 1, column 2)');
    expect(jsonErrorMessage("[{\"a\": 'x'}]")).toBe('Unexpected single quote: JSON strings and names need double quotes (line 1, column 8)');
  });
});
