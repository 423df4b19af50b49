// A resource locator ({ __rl, mode, value }) is an expression when its value is one (n8n): the
// Fixed / Expression switch and mapping work on the value and keep the mode.

export function isLocator(value: unknown): value is { __rl: true; mode: string; value: unknown } {
  return !!value && typeof value === 'object' && !Array.isArray(value) && '__rl' in value;
}

/** The part of a parameter's value the expression switch works on, and how to write it back. */
export function expressionTarget(value: unknown, onChange: (v: unknown) => void): { inner: unknown; write: (v: unknown) => void } {
  if (!isLocator(value)) return { inner: value, write: onChange };
  const { cachedResultName: _n, cachedResultUrl: _u, ...rest } = value as Record<string, unknown>;
  return { inner: value.value, write: (v) => onChange({ ...rest, value: v }) };
}
