// Normalising and comparing node output the way n8n's test harness does (Jest toEqual:
// deep equality that ignores undefined properties and key order; pairedItem removed).
import type { INodeExecutionData } from '../../src/model/execution.ts';

export function normaliseItem(item: INodeExecutionData, keepBinary: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { ...item } as Record<string, unknown>;
  delete out.pairedItem;
  if (out.binary && Object.keys(out.binary as object).length === 0) delete out.binary;
  if (out.binary) {
    if (!keepBinary) delete out.binary;
    else {
      const b: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(out.binary as Record<string, Record<string, unknown>>)) {
        const { directory: _d, ...rest } = v;
        b[k] = rest;
      }
      out.binary = b;
    }
  }
  if (out.error === undefined) delete out.error;
  return out;
}

/** Jest-like toEqual: undefined-valued keys are ignored; arrays compared in order. */
export function deepEqual(a: unknown, b: unknown, path = '$'): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return `${path}: expected ${show(b)}, got ${show(a)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: expected ${show(b)}, got ${show(a)}`;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}: expected ${b.length} entries, got ${a.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = deepEqual(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) {
    if (ao[k] === undefined && bo[k] === undefined) continue;
    const d = deepEqual(ao[k], bo[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 200 ? `${s.slice(0, 200)}…` : s;
}
