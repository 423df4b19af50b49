// Values and errors crossing to and from the expression worker. Structured clone keeps plain
// data, Dates and Errors; luxon's DateTime, Duration and Interval would arrive as plain objects,
// so they travel tagged and are rebuilt, and errors keep the class the engine tests for.
import { DateTime, Duration, Interval } from 'luxon';
import { ExpressionError } from '../../model/expressions/errors.ts';
import { ExpressionDataError } from '../../model/dataProxy.ts';
import { ParameterResolutionError } from '../expressions.ts';

const TAG = '\u0000luxon';
type Tagged = { [TAG]: 'DateTime' | 'Duration' | 'Interval'; iso: string; zone?: string; locale?: string };

/** Nesting walked before giving up on tagging (results deeper than this fail the depth check anyway). */
const MAX_WALK_DEPTH = 200;

function isLuxon(v: object): boolean {
  return DateTime.isDateTime(v) || Duration.isDuration(v) || Interval.isInterval(v);
}

function tag(v: DateTime | Duration | Interval): Tagged {
  if (DateTime.isDateTime(v)) return { [TAG]: 'DateTime', iso: v.toISO() ?? '', zone: v.zoneName ?? undefined, locale: v.locale ?? undefined };
  if (Duration.isDuration(v)) return { [TAG]: 'Duration', iso: v.toISO() ?? '' };
  return { [TAG]: 'Interval', iso: (v as Interval).toISO() };
}

/** The value with luxon objects tagged, and whether any were (the receiver then walks it). */
export function toWire(value: unknown): { value: unknown; tagged: boolean } {
  let tagged = false;
  const walk = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v !== 'object' || depth > MAX_WALK_DEPTH) return v;
    if (isLuxon(v)) {
      tagged = true;
      return tag(v as DateTime);
    }
    if (Array.isArray(v)) {
      let out: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        const w = walk(v[i], depth + 1);
        if (w !== v[i]) (out ??= v.slice())[i] = w;
      }
      return out ?? v;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return v;
    let out: Record<string, unknown> | undefined;
    for (const key of Object.keys(v)) {
      const item = (v as Record<string, unknown>)[key];
      const w = walk(item, depth + 1);
      if (w !== item) {
        out ??= { ...(v as Record<string, unknown>) };
        out[key] = w;
      }
    }
    return out ?? v;
  };
  const out = walk(value, 0);
  return { value: out, tagged };
}

function untag(t: Tagged): unknown {
  if (t[TAG] === 'DateTime') {
    const dt = DateTime.fromISO(t.iso, { setZone: true });
    const zoned = t.zone ? dt.setZone(t.zone) : dt;
    return t.locale ? zoned.setLocale(t.locale) : zoned;
  }
  if (t[TAG] === 'Duration') return Duration.fromISO(t.iso);
  return Interval.fromISO(t.iso);
}

/** Rebuilds the luxon objects toWire tagged (in place: the value is a fresh copy). */
export function fromWire(value: unknown): unknown {
  const walk = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v !== 'object' || depth > MAX_WALK_DEPTH) return v;
    if (TAG in v) return untag(v as Tagged);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = walk(v[i], depth + 1);
      return v;
    }
    for (const key of Object.keys(v)) (v as Record<string, unknown>)[key] = walk((v as Record<string, unknown>)[key], depth + 1);
    return v;
  };
  return walk(value, 0);
}

export interface WireError {
  kind: 'ExpressionError' | 'ExpressionDataError' | 'ParameterResolutionError' | 'Error';
  name: string;
  message: string;
  description?: string;
  context?: Record<string, unknown>;
  fatal?: boolean;
}

export function errorToWire(e: unknown): WireError {
  const err = e instanceof Error ? e : new Error(String(e));
  const extra = err as Error & { description?: string; context?: Record<string, unknown>; fatal?: boolean };
  const kind = err instanceof ExpressionError ? 'ExpressionError' : err instanceof ExpressionDataError ? 'ExpressionDataError' : err instanceof ParameterResolutionError ? 'ParameterResolutionError' : 'Error';
  let context: Record<string, unknown> | undefined;
  try {
    context = extra.context === undefined ? undefined : structuredClone(extra.context);
  } catch {
    context = undefined;
  }
  return { kind, name: err.name, message: err.message, description: extra.description, context, fatal: extra.fatal };
}

export function errorFromWire(w: WireError): Error {
  if (w.kind === 'ExpressionError') return new ExpressionError(w.message, { description: w.description, context: w.context ?? {}, fatal: w.fatal });
  if (w.kind === 'ExpressionDataError') return new ExpressionDataError(w.message, { ...(w.context ?? {}), description: w.description });
  if (w.kind === 'ParameterResolutionError') {
    const e = new ParameterResolutionError(w.message);
    e.description = w.description;
    e.context = w.context ?? {};
    return e;
  }
  const e = new Error(w.message);
  e.name = w.name;
  return e;
}
