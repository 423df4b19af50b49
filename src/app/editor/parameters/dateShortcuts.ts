// The date picker's shortcuts (spec 001 §5: Today, Yesterday, A week ago) and the stored form of
// a dateTime parameter: local time 'YYYY-MM-DDTHH:mm:ss', as n8n's picker writes it.

export const DATE_SHORTCUTS = [
  { label: 'Today', days: 0 },
  { label: 'Yesterday', days: 1 },
  { label: 'A week ago', days: 7 },
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

export function formatLocalDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Now minus `days` calendar days, at the current time of day. */
export function shortcutValue(days: number, now: Date = new Date()): string {
  const d = new Date(now);
  d.setDate(d.getDate() - days);
  return formatLocalDateTime(d);
}

/** What a datetime-local input shows for a stored value ('' when it is not a date). */
export function toInputValue(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?/.exec(value);
  if (m && !/(Z|[+-]\d{2}:?\d{2})$/.test(value)) return `${m[1]}T${m[2]}${m[3] ?? ':00'}`;
  // An instant with a zone (ISO from n8n files): shown in local time.
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : formatLocalDateTime(d);
}
