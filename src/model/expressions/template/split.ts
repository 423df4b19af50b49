// Splitting a template into text and `{{ code }}` segments.
//
// n8n (@n8n/tournament ExpressionSplitter) ends a code segment at the first `}}`, so
// `{{ {a:{b:1}} }}` or `{{ "}}" }}` break. Here the code is scanned as JavaScript: strings,
// template literals (with nested `${}`), comments, regex literals and brace depth are
// tracked, and only a `}}` at depth 0 ends the segment. Where the scan cannot find an end
// (unterminated string …) we fall back to n8n's first-`}}` rule. Escapes follow n8n: an odd
// number of backslashes before `{{` keeps it as text, `\\` before an opening `{{` becomes `\`,
// and `\}}` in code stands for `}}`.

export interface TextSegment {
  type: 'text';
  text: string;
}

export interface CodeSegment {
  type: 'code';
  code: string;
  /** Offset of the code's first character in the template. */
  start: number;
  /** False for a trailing `{{` that was never closed (n8n evaluates it anyway). */
  closed: boolean;
}

export type Segment = TextSegment | CodeSegment;

const KEYWORDS_BEFORE_REGEX = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await']);

function isIdentChar(ch: string): boolean {
  return /[\w$]/.test(ch);
}

/** Whether a `/` at `pos` starts a regex literal (rather than division). */
function slashStartsRegex(code: string, from: number, pos: number): boolean {
  let j = pos - 1;
  while (j >= from && /\s/.test(code[j])) j--;
  if (j < from) return true;
  const ch = code[j];
  if (')]}'.includes(ch)) return false;
  if (isIdentChar(ch)) {
    let k = j;
    while (k >= from && isIdentChar(code[k])) k--;
    return KEYWORDS_BEFORE_REGEX.has(code.slice(k + 1, j + 1));
  }
  return true;
}

interface ScanResult {
  end: number; // index of the closing `}}`, or -1
  code: string;
}

/** Scans JavaScript from `start` to the `}}` that closes the segment. */
function scanCode(text: string, start: number): ScanResult {
  let code = '';
  let i = start;
  // Stack of open contexts: a number is a brace depth inside code, 'T' a template literal.
  const stack: Array<number | 'T'> = [0];
  const n = text.length;
  while (i < n) {
    const top = stack[stack.length - 1];
    const ch = text[i];
    if (top === 'T') {
      if (ch === '\\') {
        code += text.slice(i, i + 2);
        i += 2;
      } else if (ch === '`') {
        stack.pop();
        code += ch;
        i++;
      } else if (ch === '$' && text[i + 1] === '{') {
        stack.push(0);
        code += '${';
        i += 2;
      } else {
        code += ch;
        i++;
      }
      continue;
    }
    if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < n && text[j] !== ch && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      if (j >= n || text[j] !== ch) return { end: -1, code };
      code += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === '`') {
      stack.push('T');
      code += ch;
      i++;
    } else if (ch === '/' && text[i + 1] === '/') {
      let j = i;
      while (j < n && text[j] !== '\n') j++;
      // A line comment cannot hide the end of the segment: stop it at `}}`.
      const close = text.indexOf('}}', i);
      if (close !== -1 && close < j && stack.length === 1) j = close;
      code += text.slice(i, j);
      i = j;
    } else if (ch === '/' && text[i + 1] === '*') {
      const j = text.indexOf('*/', i + 2);
      if (j === -1) return { end: -1, code };
      code += text.slice(i, j + 2);
      i = j + 2;
    } else if (ch === '/' && slashStartsRegex(text, start, i)) {
      let j = i + 1;
      let inClass = false;
      while (j < n && text[j] !== '\n') {
        const c = text[j];
        if (c === '\\') j++;
        else if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        else if (c === '/' && !inClass) break;
        j++;
      }
      if (j >= n || text[j] !== '/') return { end: -1, code };
      code += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === '\\' && text.startsWith('}}', i + 1)) {
      code += '}}';
      i += 3;
    } else if (ch === '{') {
      stack[stack.length - 1] = (top as number) + 1;
      code += ch;
      i++;
    } else if (ch === '}') {
      const depth = top as number;
      if (depth === 0 && stack.length === 1 && text[i + 1] === '}') return { end: i, code };
      if (depth === 0 && stack.length > 1) stack.pop(); // closes `${` of a template literal
      else if (depth > 0) stack[stack.length - 1] = depth - 1;
      code += ch;
      i++;
    } else {
      code += ch;
      i++;
    }
  }
  return { end: -1, code };
}

function countBackslashesBefore(text: string, pos: number, from: number): number {
  let k = 0;
  while (pos - 1 - k >= from && text[pos - 1 - k] === '\\') k++;
  return k;
}

export function splitTemplate(text: string): Segment[] {
  const segments: Segment[] = [];
  let chunkStart = 0;
  let searchFrom = 0;
  for (;;) {
    const open = text.indexOf('{{', searchFrom);
    if (open === -1) {
      // Like n8n: no empty trailing text, but always a leading text segment.
      if (chunkStart < text.length || segments.length === 0) segments.push({ type: 'text', text: text.slice(chunkStart) });
      break;
    }
    if (countBackslashesBefore(text, open, chunkStart) % 2 === 1) {
      searchFrom = open + 2;
      continue;
    }
    segments.push({ type: 'text', text: text.slice(chunkStart, open).replace(/\\\\/g, '\\') });
    const codeStart = open + 2;
    const scan = scanCode(text, codeStart);
    if (scan.end !== -1) {
      segments.push({ type: 'code', code: scan.code, start: codeStart, closed: true });
      chunkStart = searchFrom = scan.end + 2;
      continue;
    }
    // Fallback (n8n's rule): the first `}}` not escaped by a backslash.
    let close = text.indexOf('}}', codeStart);
    while (close !== -1 && countBackslashesBefore(text, close, codeStart) % 2 === 1) close = text.indexOf('}}', close + 2);
    if (close === -1) {
      segments.push({ type: 'code', code: text.slice(codeStart).replace('\\}}', '}}'), start: codeStart, closed: false });
      return segments;
    }
    segments.push({ type: 'code', code: text.slice(codeStart, close).replace('\\}}', '}}'), start: codeStart, closed: true });
    chunkStart = searchFrom = close + 2;
  }
  return segments;
}
