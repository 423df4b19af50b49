// n8n selects files with fast-glob, where \( escapes and (a|b) groups; the engine's glob is
// Node's (minimatch rules: "(" is literal, "@(a|b)" groups). This turns one into the other.

const SPECIAL = new Set(['(', ')', '[', ']', '{', '}', '*', '?', '!', '+', '@']);

export function fastGlobToNodeGlob(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\' && i + 1 < pattern.length && SPECIAL.has(pattern[i + 1])) {
      // An escaped character becomes a one-character class, which both dialects read literally.
      out += `[${pattern[++i]}]`;
      continue;
    }
    if (ch === '(' && !'@!?+*'.includes(pattern[i - 1] ?? '')) {
      out += '@(';
      continue;
    }
    out += ch;
  }
  return out;
}
