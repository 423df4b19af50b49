// Where JSON text is broken, as line and column (spec 001 §5: pin data and pasted JSON errors
// "are rewritten with line and position"). Engines word JSON.parse errors differently and
// recent V8 often gives no position at all, so after a failed parse this small scanner walks
// the text to the first error. It only runs on text that already failed to parse.

export interface JsonErrorLocation {
  message: string;
  /** Character offset of the error. */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

class Scan {
  i = 0;
  readonly s: string;
  constructor(s: string) {
    this.s = s;
  }
  ws(): void {
    const s = this.s;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.i++;
      else break;
    }
  }
  fail(message?: string): never {
    const ch = this.s[this.i];
    throw new ScanError(message ?? (ch === undefined ? 'Unexpected end of JSON' : `Unexpected ${describe(ch)}`), this.i);
  }
}

class ScanError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

function describe(ch: string): string {
  if (ch === "'") return "single quote: JSON strings and names need double quotes";
  if (ch === '\n') return 'line break';
  return `token '${ch}'`;
}

function value(p: Scan, depth: number): void {
  if (depth > 512) p.fail('Nesting too deep');
  p.ws();
  const ch = p.s[p.i];
  if (ch === '{') return object(p, depth);
  if (ch === '[') return array(p, depth);
  if (ch === '"') return string(p);
  if (ch === '-' || (ch >= '0' && ch <= '9')) return number(p);
  for (const word of ['true', 'false', 'null']) {
    if (p.s.startsWith(word, p.i)) {
      p.i += word.length;
      return;
    }
  }
  p.fail();
}

function object(p: Scan, depth: number): void {
  p.i++;
  p.ws();
  if (p.s[p.i] === '}') {
    p.i++;
    return;
  }
  for (;;) {
    p.ws();
    if (p.s[p.i] !== '"') p.fail(p.s[p.i] === undefined ? undefined : p.s[p.i] === "'" ? undefined : `Expected a property name in double quotes, found ${p.s[p.i] === '}' ? "'}' after a comma" : describe(p.s[p.i])}`);
    string(p);
    p.ws();
    if (p.s[p.i] !== ':') p.fail(p.s[p.i] === undefined ? undefined : `Expected ':' after the property name, found ${describe(p.s[p.i])}`);
    p.i++;
    value(p, depth + 1);
    p.ws();
    if (p.s[p.i] === ',') {
      p.i++;
      continue;
    }
    if (p.s[p.i] === '}') {
      p.i++;
      return;
    }
    p.fail(p.s[p.i] === undefined ? undefined : `Expected ',' or '}' after a property value, found ${describe(p.s[p.i])}`);
  }
}

function array(p: Scan, depth: number): void {
  p.i++;
  p.ws();
  if (p.s[p.i] === ']') {
    p.i++;
    return;
  }
  for (;;) {
    value(p, depth + 1);
    p.ws();
    if (p.s[p.i] === ',') {
      p.i++;
      continue;
    }
    if (p.s[p.i] === ']') {
      p.i++;
      return;
    }
    p.fail(p.s[p.i] === undefined ? undefined : `Expected ',' or ']' after an array element, found ${describe(p.s[p.i])}`);
  }
}

function string(p: Scan): void {
  p.i++;
  const s = p.s;
  while (p.i < s.length) {
    const c = s.charCodeAt(p.i);
    if (c === 34) {
      p.i++;
      return;
    }
    if (c === 92) {
      const e = s[p.i + 1];
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(s.slice(p.i + 2, p.i + 6))) p.fail('Bad unicode escape in a string');
        p.i += 6;
        continue;
      }
      if (e === undefined || !'"\\/bfnrt'.includes(e)) {
        p.i++;
        p.fail('Bad escape in a string');
      }
      p.i += 2;
      continue;
    }
    if (c < 32) p.fail('Unescaped control character or line break in a string');
    p.i++;
  }
  p.fail('Unterminated string');
}

function number(p: Scan): void {
  const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(p.s.slice(p.i, p.i + 400));
  if (!m) p.fail('Bad number');
  p.i += m[0].length;
}

function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The first syntax error in `text`, or undefined when it is valid JSON. */
export function locateJsonError(text: string): JsonErrorLocation | undefined {
  const p = new Scan(text);
  try {
    value(p, 0);
    p.ws();
    if (p.i < text.length) p.fail(`Unexpected ${describe(text[p.i])} after the end of the JSON value`);
    return undefined;
  } catch (e) {
    if (!(e instanceof ScanError)) throw e;
    return { message: e.message, offset: e.offset, ...position(text, e.offset) };
  }
}

/** 'Unexpected token ',' (line 2, column 13)' for text that failed JSON.parse. */
export function jsonErrorMessage(text: string, parseError?: unknown): string {
  const at = locateJsonError(text);
  if (at) return `${at.message} (line ${at.line}, column ${at.column})`;
  return parseError instanceof Error ? parseError.message : 'Invalid JSON';
}
