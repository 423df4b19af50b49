// Query formatting as n8n's Postgres node does it (pg-promise's formatting rules): `$1`, `$2` …
// in the query are replaced, in the client, by the values escaped as SQL literals, so one text
// may hold several statements and values may name things (`$1:name`). Values never become SQL:
// a string is always a quoted literal with its quotes doubled (standard_conforming_strings is on
// in every supported PostgreSQL, so backslashes are plain characters), an identifier is always
// double-quoted with its double quotes doubled.
//   $N          the value as a literal (null, true, 12, 'text', array[...], '{"json":1}')
//   $N:name $N~ an identifier ("col"), a list of them for an array or an object's keys, * as is
//   $N:alias    an identifier split at dots ("schema"."table")
//   $N:raw $N^  the value's text without escaping (for SQL written by the workflow author)
//   $N:value $N# the literal's inside without quotes
//   $N:json     the value as a JSON literal
//   $N:csv $N:list  an array's values (or an object's) as literals separated by commas
export class QueryFormatError extends Error {}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteText(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** pg-promise writes dates as local time with the offset. */
function formatDate(d: Date): string {
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function formatLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (Number.isNaN(value)) return "'NaN'";
      if (value === Infinity) return "'+Infinity'";
      if (value === -Infinity) return "'-Infinity'";
      return String(value);
    case 'bigint':
      return value.toString();
    case 'string':
      return quoteText(value);
    case 'function':
      throw new QueryFormatError('A function cannot be a query value');
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'null' : quoteText(formatDate(value));
  if (value instanceof Uint8Array) return `'\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}'`;
  if (Array.isArray(value)) return value.length ? `array[${value.map(formatArrayElement).join(',')}]` : "'{}'";
  return quoteText(JSON.stringify(value));
}

function formatArrayElement(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(formatArrayElement).join(',')}]`;
  return formatLiteral(value);
}

function formatName(value: unknown, split: boolean): string {
  if (typeof value === 'string') {
    if (value === '*') return '*';
    if (value.trim() === '') throw new QueryFormatError('An identifier (a table or column name) cannot be empty');
    return split ? value.split('.').map(quoteIdentifier).join('.') : quoteIdentifier(value);
  }
  if (Array.isArray(value)) {
    if (!value.length) throw new QueryFormatError('An empty list of names cannot be formatted');
    return value.map((v) => formatName(String(v), split)).join(',');
  }
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (!keys.length) throw new QueryFormatError('An empty object has no column names to format');
    return keys.map((k) => quoteIdentifier(k)).join(',');
  }
  throw new QueryFormatError(`Invalid name: ${String(value)}`);
}

function formatCsv(value: unknown): string {
  if (Array.isArray(value)) return value.map(formatLiteral).join(',');
  if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Uint8Array)) return Object.values(value).map(formatLiteral).join(',');
  return formatLiteral(value);
}

function formatRaw(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object' && !(value instanceof Date)) return JSON.stringify(value);
  return String(value);
}

const VARIABLE = /\$(\d+)(:name|:alias|:raw|:value|:json|:csv|:list|\^|~|#)?(?!\d)/g;

/** The query with its `$N` variables replaced by `values` (pg-promise's rules, above). */
export function formatQuery(query: string, values: readonly unknown[] | undefined): string {
  if (!values || values.length === 0) {
    // pg-promise leaves a query without values alone.
    return query;
  }
  return query.replace(VARIABLE, (_m, digits: string, modifier: string | undefined) => {
    const index = Number(digits) - 1;
    if (index < 0 || index >= values.length) throw new QueryFormatError(`Variable $${digits} out of range. Parameters array length: ${values.length}`);
    const value = values[index];
    switch (modifier) {
      case ':name':
      case '~':
        return formatName(value, false);
      case ':alias':
        return formatName(value, true);
      case ':raw':
      case '^':
        return formatRaw(value);
      case ':value':
      case '#':
        return formatRaw(value).replace(/'/g, "''");
      case ':json':
        return quoteText(JSON.stringify(value ?? null));
      case ':csv':
      case ':list':
        return formatCsv(value);
      default:
        return formatLiteral(value);
    }
  });
}

/** pg-promise's helpers.concat: the queries' texts joined with ';', empty ones dropped. */
export function concatQueries(queries: Array<{ query: string; values?: unknown[] }>): string {
  return queries
    .map((q) => formatQuery(q.query, q.values).trim().replace(/;+\s*$/, ''))
    .filter((q) => q !== '')
    .join(';');
}
