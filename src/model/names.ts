// Node and workflow name rules (spec 001 §2.4 rename, §4.1 unique names, §5 workflow name).
import { MAX_WORKFLOW_NAME_LENGTH } from './constants.ts';

/**
 * A name not in `taken`: the name itself, else the name with the lowest free numeric suffix
 * ('Set', 'Set1', 'Set2' …, as n8n does; a trailing number on the wanted name is the base).
 * The name is taken as it is, spaces included, as n8n does: real files have names such as
 * 'Google Drive ' that their expressions and connections name exactly (a rename trims what the
 * user typed: normaliseRename).
 */
export function uniqueNodeName(wanted: string, taken: Set<string> | ((name: string) => boolean)): string {
  const has = typeof taken === 'function' ? taken : (n: string) => taken.has(n);
  const name = wanted;
  if (!has(name)) return name;
  const m = /^(.*?)(\d+)$/.exec(name);
  const base = m && m[1] !== '' ? m[1] : name;
  let i = m && m[1] !== '' ? Number(m[2]) + 1 : 1;
  while (has(`${base}${i}`)) i++;
  return `${base}${i}`;
}

/** Trims a rename; returns undefined when the result is empty (the rename is ignored). */
export function normaliseRename(input: string): string | undefined {
  const t = input.trim();
  return t === '' ? undefined : t;
}

/** Workflow names: trimmed, 1..128 characters. Returns an error message or undefined. */
export function validateWorkflowName(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'Workflow name must be a string';
  const t = name.trim();
  if (t === '') return 'Workflow name cannot be empty';
  if (t.length > MAX_WORKFLOW_NAME_LENGTH) return `Workflow name cannot be longer than ${MAX_WORKFLOW_NAME_LENGTH} characters`;
  return undefined;
}

/** 'My workflow', 'My workflow 2', … — the first default name not taken. */
export function nextDefaultWorkflowName(base: string, taken: Iterable<string>): string {
  const set = new Set(taken);
  if (!set.has(base)) return base;
  let i = 2;
  while (set.has(`${base} ${i}`)) i++;
  return `${base} ${i}`;
}

export function newId(): string {
  return globalThis.crypto.randomUUID();
}
