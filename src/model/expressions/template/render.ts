// How values become text, the way n8n does it.
//
// Mixed templates (@n8n/tournament ExpressionBuilder): each segment's value v becomes
// `v || v === 0 || v === false ? v : ''` (so null, undefined, NaN and '' vanish) and the parts
// are joined with Array.prototype.join — String(v): arrays as "a,b", plain objects as
// "[object Object]", a luxon DateTime as its ISO string, a Date as Date#toString().
//
// stringifyValue is n8n's Expression.convertObjectValueToString, used where a parameter wants
// an object shown as text: `[Object: {"a": 1}]`, `[Array: [1, 2]]`, `[DateTime: …]`.
import { DateTime } from 'luxon';
import { ExpressionError } from '../errors.ts';

export function segmentText(v: unknown): string {
  if (!(v || v === 0 || v === false)) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'function') throw functionResult(v);
  return String(v);
}

export function functionResult(fn: Function): ExpressionError {
  // n8n's messages (Expression.resolveSimpleParameterValue).
  if (fn === DateTime) return new ExpressionError('this is a DateTime, please access its methods', { context: { type: 'type' } });
  return new ExpressionError('this is a function, please add ()', { context: { type: 'type' } });
}

export function stringifyValue(value: unknown, timezone?: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (DateTime.isDateTime(value) && !value.isValid) throw new ExpressionError('invalid DateTime', { context: { type: 'type' } });
  let typeName = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor?.name ?? 'Object';
  let text: string;
  if (value instanceof Date) {
    text = DateTime.fromJSDate(value, timezone ? { zone: timezone } : {}).toISO() ?? 'Invalid DateTime';
  } else if (DateTime.isDateTime(value)) {
    typeName = 'DateTime';
    text = value.toString();
  } else {
    text = JSON.stringify(value) ?? 'undefined';
  }
  text = text.replace(/,"/g, ', "').replace(/":/g, '": ');
  return `[${typeName}: ${text}]`;
}
