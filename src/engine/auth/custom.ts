// Custom Auth (httpCustomAuth): its one property is a JSON text of { headers, qs, body }, each an
// object of names to values, merged into the request (n8n's HTTP Request does the same). The
// text is checked before anything is sent; a message about it never quotes the JSON (it holds
// the secrets).
import type { IDataObject } from '../../model/workflow.ts';
import { mergeBody, setHeader, setQuery, type AuthRequestOptions } from './request.ts';

export interface CustomAuth {
  headers: Record<string, string>;
  qs: Record<string, string>;
  body: Record<string, unknown>;
}

/** Largest custom auth JSON read (the stored value is bounded too, MAX_VALUE_LENGTH). */
const MAX_JSON_LENGTH = 65_536;

/** Why the credential's JSON cannot be used; the caller wraps it in an error naming the credential. */
export class CustomAuthError extends Error {}

function section(parsed: Record<string, unknown>, key: 'headers' | 'qs' | 'body'): Record<string, unknown> {
  const value = parsed[key];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new CustomAuthError(`"${key}" must be an object of names and values`);
  return value as Record<string, unknown>;
}

function scalarText(key: string, name: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') throw new CustomAuthError(`the value of ${key} "${name}" must be a string, number or boolean`);
  return String(value);
}

export function parseCustomAuth(credentials: IDataObject): CustomAuth {
  const raw = credentials.json;
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') throw new CustomAuthError('its JSON is empty');
    if (raw.length > MAX_JSON_LENGTH) throw new CustomAuthError(`its JSON is longer than ${MAX_JSON_LENGTH} characters`);
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new CustomAuthError('its JSON is not valid JSON');
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new CustomAuthError('its JSON must be an object with "headers", "qs" and/or "body"');
  const obj = parsed as Record<string, unknown>;
  const unknown = Object.keys(obj).filter((k) => k !== 'headers' && k !== 'qs' && k !== 'body');
  // Names the JSON's own keys never appear in a message: a secret pasted as a key stays hidden.
  if (unknown.length) throw new CustomAuthError(`its JSON has ${unknown.length === 1 ? 'a key' : `${unknown.length} keys`} other than "headers", "qs" and "body"`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(section(obj, 'headers'))) {
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) throw new CustomAuthError('a name in "headers" is not a valid header name');
    const text = scalarText('header', name, value);
    if (/[\r\n\0]/.test(text)) throw new CustomAuthError(`the value of header "${name}" contains a line break`);
    headers[name] = text;
  }
  const qs: Record<string, string> = {};
  for (const [name, value] of Object.entries(section(obj, 'qs'))) qs[name] = scalarText('query parameter', name, value);
  return { headers, qs, body: { ...section(obj, 'body') } };
}

export function applyCustomAuth(custom: CustomAuth, options: AuthRequestOptions): void {
  options.headers ??= {};
  for (const [name, value] of Object.entries(custom.headers)) setHeader(options.headers, name, value);
  setQuery(options, custom.qs);
  mergeBody(options, custom.body);
}
