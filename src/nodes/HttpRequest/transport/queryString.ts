// Query strings the way the `qs` library writes them for n8n: nested objects as a[b]=c,
// arrays as indices (default), brackets or repeated keys.

export type ArrayFormat = 'indices' | 'brackets' | 'repeat';

/** RFC 3986 encoding as qs does it (also escapes !'()*). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function pairs(prefix: string, value: unknown, arrayFormat: ArrayFormat, out: string[]): void {
  if (value === undefined) return;
  if (value === null) {
    out.push(`${encode(prefix)}=`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      const key = arrayFormat === 'repeat' ? prefix : arrayFormat === 'brackets' ? `${prefix}[]` : `${prefix}[${i}]`;
      pairs(key, v, arrayFormat, out);
    });
    return;
  }
  if (typeof value === 'object' && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) pairs(`${prefix}[${k}]`, v, arrayFormat, out);
    return;
  }
  out.push(`${encode(prefix)}=${encode(scalar(value))}`);
}

export function stringifyQuery(query: Record<string, unknown>, arrayFormat: ArrayFormat = 'indices'): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(query)) pairs(key, value, arrayFormat, out);
  return out.join('&');
}

export function appendQuery(url: string, query: Record<string, unknown> | undefined, arrayFormat?: ArrayFormat): string {
  if (!query) return url;
  const qs = stringifyQuery(query, arrayFormat);
  if (!qs) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  return `${base}${base.includes('?') ? '&' : '?'}${qs}${hash}`;
}
