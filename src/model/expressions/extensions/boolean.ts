// Boolean extension methods (n8n boolean-extensions.ts).
import { table } from './types.ts';

const toInt = (v: boolean) => (v ? 1 : 0);

export const booleanExtensions = table('Boolean', {
  toBoolean: (v: boolean) => v,
  toInt,
  toFloat: toInt,
  toNumber: toInt,
  toDateTime: () => undefined,
});
