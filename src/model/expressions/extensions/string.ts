// String extension methods (n8n string-extensions.ts): names, arguments and results as n8n.
import { DateTime } from 'luxon';
import { titleCase } from 'title-case';
import { transliterate } from 'transliteration';
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { sha224, sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { sha3_512 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { extensionError } from '../errors.ts';
import { table, type ExtensionContext } from './types.ts';
import { fromBase64, toBase64 } from './utils.ts';
import { numberToDateTime, parseDateTime } from './dates.ts';
import { guarded } from './guardedPatterns.ts';

// Currency symbols n8n strips before number conversion (xe.com list, as in n8n).
const CURRENCY_REGEXP =
  /(\u004c\u0065\u006b|\u060b|\u0024|\u0192|\u20bc|\u0042\u0072|\u0042\u005a\u0024|\u0024\u0062|\u004b\u004d|\u0050|\u043b\u0432|\u0052\u0024|\u17db|\u00a5|\u20a1|\u006b\u006e|\u20b1|\u004b\u010d|\u006b\u0072|\u0052\u0044\u0024|\u00a3|\u20ac|\u00a2|\u0051|\u004c|\u0046\u0074|\u20b9|\u0052\u0070|\ufdfc|\u20aa|\u004a\u0024|\u20a9|\u20ad|\u0434\u0435\u043d|\u0052\u004d|\u20a8|\u20ae|\u004d\u0054|\u0043\u0024|\u20a6|\u0042\u002f\u002e|\u0047\u0073|\u0053\u002f\u002e|\u007a\u0142|\u006c\u0065\u0069|\u20bd|\u0414\u0438\u043d\u002e|\u0053|\u0052|\u0043\u0048\u0046|\u004e\u0054\u0024|\u0e3f|\u0054\u0054\u0024|\u20ba|\u20b4|\u0024\u0055|\u0042\u0073|\u20ab|\u005a\u0024)/gu;

const DOMAIN_EXTRACT_REGEXP =
  /^(?:(?:https?|ftp):\/\/)?(?:mailto:)?(?:\/\/)?((?:www\.)?(?:(?:[-\w]+\.)+(?:[a-zA-Z]{2,}|xn--[a-zA-Z0-9]+)|localhost|\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}))(?::\d+)?(?:\/[^\s?]*)?(?:\?[^\s#]*)?(?:#[^\s]*)?$/i;
const DOMAIN_REGEXP =
  /^(?:www\.)?((?:(?:[-\w]+\.)+(?:[a-zA-Z]{2,}|xn--[a-zA-Z0-9]+)|localhost|\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}))(?::\d+)?(?:\/[^\s?]*)?(?:\?[^\s#]*)?(?:#[^\s]*)?$/i;
const EMAIL_REGEXP =
  /(([^<>()\[\]\\.,;:\s@"]+(\.[^<>()\[\]\\.,;:\s@"]+)*)|(".+"))@(?<domain>(\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))/;
const URL_REGEXP_EXACT =
  /^(?:(?:https?|ftp):\/\/)(?:www\.)?((?:(?:[-\w]+\.)+(?:[a-zA-Z]{2,}|xn--[a-zA-Z0-9]+)|localhost|\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}))(?::\d+)?(?:\/[^\s?#]*)?(?:\?[^\s#]*)?(?=([^\s]+#.*)?)#?[^\s]*$/i;
const URL_REGEXP =
  /(?:(?:https?|ftp):\/\/)(?:www\.)?((?:(?:[-\w]+\.)+(?:[a-zA-Z]{2,}|xn--[a-zA-Z0-9]+)|localhost|\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}))(?::\d+)?(?:\/[^\s?#]*)?(?:\?[^\s#]*)?(?=([^\s]+#.*)?)#?[^\s]*/i;
const DOMAIN_EXTRACT = guarded(DOMAIN_EXTRACT_REGEXP);
const DOMAIN = guarded(DOMAIN_REGEXP);
const EMAIL = guarded(EMAIL_REGEXP);
const URL_EXACT = guarded(URL_REGEXP_EXACT);
const URL_ANYWHERE = guarded(URL_REGEXP);
const TAGS = guarded(/<[^>]*>?/gm);
const CHAR_TEST_REGEXP = /\p{L}/u;
const PUNC_TEST_REGEXP = /[!?.]/;

const HASHES: Record<string, (bytes: Uint8Array) => Uint8Array> = {
  md5,
  sha1,
  sha224,
  sha256,
  sha384,
  sha512,
  sha3: sha3_512,
};

function hash(value: string, [algorithm]: unknown[]): string {
  const name = algorithm === undefined ? 'md5' : String(algorithm).toLowerCase();
  if (name === 'base64') return toBase64(value);
  const fn = HASHES[name];
  if (!fn) {
    throw extensionError(`Unknown algorithm ${name}. Available algorithms are: ${Object.keys(HASHES).join()}, and Base64.`);
  }
  return bytesToHex(fn(utf8ToBytes(value)));
}

/** removeMarkdown's replacements, in n8n's order. */
const MARKDOWN: Array<[(input: string) => RegExp, string]> = (
  [
    [/^([\s\t]*)([*\-+]|\d\.)\s+/gm, '$1'],
    [/\n={2,}/g, '\n'],
    [/~~/g, ''],
    [/`{3}.*\n/g, ''],
    [/<[\w|\s|=|'|"|:|(|)|,|;|/|0-9|.|-]+[>|\\>]/g, ''],
    [/^[=-]{2,}\s*$/g, ''],
    [/\[\^.+?\](: .*?$)?/g, ''],
    [/\s{0,2}\[.*?\]: .*?$/g, ''],
    [/!\[.*?\][[(].*?[\])]/g, ''],
    [/\[(.*?)\][[(].*?[\])]/g, '$1'],
    [/>/g, ''],
    [/^\s{1,2}\[(.*?)\]: (\S+)( ".*?")?\s*$/g, ''],
    [/^#{1,6}\s*([^#]*)\s*(#{1,6})?/gm, '$1'],
    [/([*_]{1,3})(\S.*?\S)\1/g, '$2'],
    [/(`{3,})(.*?)\1/gm, '$2'],
    [/^-{3,}\s*$/g, ''],
    [/`(.+?)`/g, '$1'],
    [/\n{2,}/g, '\n\n'],
  ] as Array<[RegExp, string]>
).map(([re, to]) => [guarded(re), to]);

function removeMarkdown(value: string): string {
  let output = value;
  for (const [re, to] of MARKDOWN) output = output.replace(re(output), to);
  return output;
}

function toDate(value: string): Date {
  const date = new Date(Date.parse(value));
  if (date.toString() === 'Invalid Date') throw extensionError('cannot convert to date');
  // No time given: midnight (n8n).
  if (!/:/.test(value)) date.setHours(0, 0, 0);
  return date;
}

export function stringToDateTime(value: string, [format]: unknown[], ctx: ExtensionContext): DateTime {
  try {
    if (format) {
      if (format === 'ms' || format === 's' || format === 'us' || format === 'excel') {
        return numberToDateTime(Number(value), format, ctx.timezone);
      }
      const d = DateTime.fromFormat(value, String(format), ctx.timezone ? { zone: ctx.timezone } : {});
      return d;
    }
    return parseDateTime(value, ctx.timezone);
  } catch {
    throw extensionError('cannot convert to Luxon DateTime');
  }
}

function toInt(value: string, [radix]: unknown[]): number {
  const int = parseInt(value.replace(CURRENCY_REGEXP, ''), radix as number | undefined);
  if (isNaN(int)) throw extensionError('cannot convert to integer');
  return int;
}

function toFloat(value: string): number {
  if (value.includes(',')) throw extensionError('cannot convert to float, expected . as decimal separator');
  const float = parseFloat(value.replace(CURRENCY_REGEXP, ''));
  if (isNaN(float)) throw extensionError('cannot convert to float');
  return float;
}

function toNumber(value: string): number {
  const num = Number(value.replace(CURRENCY_REGEXP, ''));
  if (isNaN(num)) throw extensionError('cannot convert to number');
  return num;
}

function quote(value: string, [mark]: unknown[]): string {
  const q = mark === undefined ? '"' : String(mark);
  const escaped = value.replace(/\\/g, '\\\\');
  return `${q}${q === '' ? escaped : escaped.split(q).join(`\\${q}`)}${q}`;
}

function isNumeric(value: string): boolean {
  if (value.includes(' ')) return false;
  return !isNaN(value as unknown as number) && !isNaN(parseFloat(value));
}

/** RFC 5321's longest address: past it (or without an '@') n8n's unanchored pattern only backtracks (60K characters: 2–4 s). */
const EMAIL_MAX_LENGTH = 254;

function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH || !value.includes('@')) return false;
  const result = EMAIL(value).test(value);
  // The pattern is loose; n8n rejects anything with a space.
  return result && !value.includes(' ');
}

const SENTENCE_LOOP_MAX = 10_000;

/** n8n's sentence-case loop: it re-slices the rest of the text per sentence ('a.'.repeat(30000): 0.6–1.2 s). */
function sentenceCaseByLoop(value: string): string {
  let current = value.slice();
  let buffer = '';
  while (CHAR_TEST_REGEXP.test(current)) {
    const charIndex = current.search(CHAR_TEST_REGEXP);
    current = current.slice(0, charIndex) + current[charIndex].toLocaleUpperCase() + current.slice(charIndex + 1).toLocaleLowerCase();
    const puncIndex = current.search(PUNC_TEST_REGEXP);
    if (puncIndex === -1) {
      buffer += current;
      current = '';
      break;
    }
    buffer += current.slice(0, puncIndex + 1);
    current = current.slice(puncIndex + 1);
  }
  return buffer + current;
}

/**
 * n8n's answer in one pass: the first letter at the start and after each . ! or ? upper case,
 * everything after the first letter lower case (as one text, so a final sigma stays ς), what
 * comes before it unchanged. Lower-casing that changes the length (rare: İ) takes n8n's loop.
 */
function toSentenceCase(value: string): string {
  const first = value.search(CHAR_TEST_REGEXP);
  if (first === -1) return value;
  // What follows the first letter is lower-cased as one text (so a final sigma is judged as n8n's
  // lower-casing judges it); each later capital is upper-cased from that.
  const rest = first + 1;
  const lower = value.slice(rest).toLocaleLowerCase();
  // Letters whose case change alters the length (ß → SS, İ → i̇) make n8n's loop re-case them in
  // ways one pass does not follow: such text takes the loop, unless it is long enough for the
  // loop to hold the server (then 'ẞ' after '?' may come out 'SS' where n8n writes 'Ss').
  const changesLength = lower.length !== value.length - rest || lower.toLocaleUpperCase().length !== lower.length || value.toLocaleUpperCase().length !== value.length;
  if (changesLength && value.length <= SENTENCE_LOOP_MAX) return sentenceCaseByLoop(value);
  let out = value.slice(0, first);
  let capitalNext = true;
  for (let i = first; i < value.length; i++) {
    const code = value.codePointAt(i) as number;
    const wide = code > 0xffff;
    if (capitalNext && CHAR_TEST_REGEXP.test(String.fromCodePoint(code))) {
      capitalNext = false;
      // As n8n: one UTF-16 unit is upper-cased (a letter outside the BMP is not changed), the
      // first letter as written, later ones as the lower-casing left them.
      const source = i === first ? value : lower;
      const at = i === first ? i : i - rest;
      out += wide ? source.slice(at, at + 2) : source[at].toLocaleUpperCase();
      if (wide) i++;
      continue;
    }
    out += lower[i - rest];
    if (PUNC_TEST_REGEXP.test(value[i])) capitalNext = true;
  }
  return out;
}

function toSnakeCase(value: string): string {
  return value
    .toLocaleLowerCase()
    .replace(/[ \-]/g, '_')
    .replace(/[\u2000-\u206F\u2E00-\u2E7F\\'!"#$%&()*+,./:;<=>?@[\]^`{|}~]/g, '');
}

function extractDomain(value: string): string | undefined {
  if (isEmail(value)) return EMAIL(value).exec(value)?.groups?.domain;
  return value.match(DOMAIN_EXTRACT(value))?.[1];
}

function extractUrlPath(value: string): string | undefined {
  try {
    return new URL(value).pathname;
  } catch {
    return undefined;
  }
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    if (value.includes("'")) throw extensionError("Parsing failed. Check you're using double quotes");
    throw extensionError('Parsing failed');
  }
}

function toBoolean(value: string): boolean {
  const normalized = value.toLowerCase();
  return normalized.length > 0 && !['false', 'no', '0'].includes(normalized);
}

export const stringExtensions = table('String', {
  hash,
  removeMarkdown,
  removeTags: (v: string) => v.replace(TAGS(v), ''),
  toDate,
  toDateTime: stringToDateTime,
  toBoolean,
  toDecimalNumber: toFloat,
  toNumber,
  toFloat,
  toInt,
  toWholeNumber: toInt,
  toSentenceCase,
  toSnakeCase,
  toTitleCase: (v: string) => titleCase(v),
  urlDecode: (v: string, [entire]: unknown[]) => {
    try {
      return entire ? decodeURI(v) : decodeURIComponent(v);
    } catch {
      // n8n reports malformed input as an extension error (#37794), not a swallowed URIError.
      throw extensionError('URI malformed', 'The string is not a valid percent-encoded URI component.');
    }
  },
  urlEncode: (v: string, [entire]: unknown[]) => (entire ? encodeURI(v) : encodeURIComponent(v)),
  quote,
  replaceSpecialChars: (v: string) => transliterate(v, { unknown: '?' }),
  length: (v: string) => v.length,
  isDomain: (v: string) => DOMAIN(v).test(v),
  isEmail,
  isNumeric,
  isUrl: (v: string) => URL_EXACT(v).test(v),
  isEmpty: (v: string) => v === '',
  isNotEmpty: (v: string) => v !== '',
  isBlank: (v: string) => v.trim() === '',
  isNotBlank: (v: string) => v.trim() !== '',
  toJsonString: (v: string) => JSON.stringify(v),
  extractEmail: (v: string) => EMAIL(v).exec(v)?.[0],
  extractDomain,
  extractUrl: (v: string) => URL_ANYWHERE(v).exec(v)?.[0],
  extractUrlPath,
  parseJson,
  base64Encode: (v: string) => toBase64(v),
  base64Decode: (v: string) => fromBase64(v),
});
