// n8n's own patterns applied to user text (extractEmail, removeMarkdown …): several backtrack
// polynomially — extractEmail over 63,000 'a's took 1.7 s in one native call, from a webhook
// body. On a text longer than NATIVE_MAX they run as a user's pattern does (regex.ts: natively
// when the pattern's shape allows it, else in the regex worker under the regex time limit); on
// short text, natively (a cubic pattern on 256 characters is well under a millisecond).
import { createRegExp } from '../regex.ts';

export const NATIVE_MAX = 256;

/** `re` for short inputs, its guarded twin (made on first need) for long ones. */
export function guarded(re: RegExp): (input: string) => RegExp {
  let twin: RegExp | undefined;
  return (input) => (input.length <= NATIVE_MAX ? re : (twin ??= createRegExp(re.source, re.flags)));
}
