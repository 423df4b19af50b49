// Number extension methods (n8n number-extensions.ts).
import { extensionError } from '../errors.ts';
import { table, type ExtensionContext } from './types.ts';
import { numberToDateTime } from './dates.ts';

function round(value: number, [places]: unknown[]): number {
  return +value.toFixed((places as number | undefined) ?? 0);
}

export const numberExtensions = table('Number', {
  ceil: (v: number) => Math.ceil(v),
  floor: (v: number) => Math.floor(v),
  format: (v: number, [locales, config]: unknown[]) =>
    new Intl.NumberFormat((locales as string | string[] | undefined) ?? 'en-US', (config as Intl.NumberFormatOptions | undefined) ?? {}).format(v),
  round,
  abs: (v: number) => Math.abs(v),
  isInteger: (v: number) => Number.isInteger(v),
  isEven: (v: number) => {
    if (!Number.isInteger(v)) throw extensionError('isEven() is only callable on integers');
    return v % 2 === 0;
  },
  isOdd: (v: number) => {
    if (!Number.isInteger(v)) throw extensionError('isOdd() is only callable on integers');
    return Math.abs(v) % 2 === 1;
  },
  toBoolean: (v: number) => v !== 0,
  toInt: (v: number) => round(v, []),
  toFloat: (v: number) => v,
  toDateTime: (v: number, [format]: unknown[], ctx: ExtensionContext) => numberToDateTime(v, format, ctx.timezone),
});
