/**
 * Typing '{{' (n8n): the closing ' }}' is added with the cursor between, unless the text after
 * the cursor already closes it. `text` is the text after the keystroke, `cursor` the cursor.
 * Returns undefined when nothing is to be added.
 */
export function closeBraces(text: string, cursor: number): { text: string; cursor: number } | undefined {
  if (cursor < 2 || text.slice(cursor - 2, cursor) !== '{{' || text[cursor - 3] === '{') return undefined;
  // Already closed: a '}}' comes after the cursor before any other '{{' (e.g. a brace retyped).
  const rest = text.slice(cursor);
  const close = rest.indexOf('}}');
  const open = rest.indexOf('{{');
  if (close !== -1 && (open === -1 || close < open)) return undefined;
  return { text: text.slice(0, cursor) + '  }}' + text.slice(cursor), cursor: cursor + 1 };
}
