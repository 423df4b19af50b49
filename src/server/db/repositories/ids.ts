// Ids for stored entities: 16 random alphanumerics, the shape n8n uses for workflow ids.
import { randomBytes, randomUUID } from 'node:crypto';
import { HttpError } from '../../errors.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newEntityId(length = 16): string {
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += ALPHABET[b % 62];
    }
  }
  return out;
}

export function newVersionId(): string {
  return randomUUID();
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** A stored JSON column that cannot be read: answered 500 with what and where, never a bare 'internal error'. */
export class StoredJsonError extends HttpError {
  constructor(what: string, cause: unknown) {
    super(500, `${what} cannot be read: the stored JSON is invalid (${cause instanceof Error ? cause.message : String(cause)})`, 'The database row was changed outside Switchyard; restore it from a backup or fix the JSON by hand.');
    this.name = 'StoredJsonError';
  }
}

/**
 * JSON text with the non-standard number literals NaN, Infinity and -Infinity (what Python's
 * json.dumps writes for such floats) outside strings replaced by null, as JSON.stringify writes
 * them; undefined when there are none. Only letters of true/false/null can appear outside strings
 * in JSON, so an N or I there starts one of these literals or is invalid anyway.
 */
export function nullNonFiniteNumbers(text: string): string | undefined {
  let out = '';
  let last = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === 'N' && text.startsWith('NaN', i)) {
      out += text.slice(last, i) + 'null';
      last = i += 3;
      i--;
    } else if ((c === 'I' || c === '-') && text.startsWith(c === '-' ? '-Infinity' : 'Infinity', i)) {
      const len = c === '-' ? 9 : 8;
      out += text.slice(last, i) + 'null';
      last = i += len;
      i--;
    }
  }
  return last === 0 ? undefined : out + text.slice(last);
}

/**
 * Parses a stored JSON column. Text another program wrote with NaN/Infinity is read with null in
 * their place (the editor then repairs and reports, e.g., such a node position); the stored text
 * is not changed. Text that still does not parse throws StoredJsonError naming `what`.
 */
export function parseStoredJson<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    const nulled = nullNonFiniteNumbers(text);
    if (nulled !== undefined) {
      try {
        return JSON.parse(nulled) as T;
      } catch {
        // fall through: report the original problem
      }
    }
    throw new StoredJsonError(what, error);
  }
}

export function parseJsonColumn<T>(text: string | null, fallback: T, what = 'A stored value'): T {
  if (text === null || text === undefined) return fallback;
  return parseStoredJson<T>(text, what);
}
