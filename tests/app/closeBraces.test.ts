import { describe, expect, it } from 'vitest';
import { closeBraces } from '../../src/app/editor/parameters/expression/closeBraces.ts';

describe("typing '{{' closes it (n8n)", () => {
  it("adds ' }}' with the cursor between", () => {
    expect(closeBraces('Hi {{', 5)).toEqual({ text: 'Hi {{  }}', cursor: 6 });
    expect(closeBraces('{{ and more', 2)).toEqual({ text: '{{  }} and more', cursor: 3 });
    // A later expression does not count as closing this one.
    expect(closeBraces('{{ then {{ x }}', 2)).toEqual({ text: '{{  }} then {{ x }}', cursor: 3 });
  });
  it('leaves it when a }} follows already, on a third brace, or without {{ at the cursor', () => {
    expect(closeBraces('{{}}', 2)).toBeUndefined();
    expect(closeBraces('{{ $json }}', 2)).toBeUndefined();
    expect(closeBraces('{{{', 3)).toBeUndefined();
    expect(closeBraces('a{', 2)).toBeUndefined();
    expect(closeBraces('{{', 1)).toBeUndefined();
  });
});
