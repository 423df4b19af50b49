// Helpers for the escape suite: workflows built from the real node registry and run through
// runWorkflow, and canaries that show whether a payload reached the host.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWorkflow } from '../../src/engine/index.ts';
import { builtinNodeTypes } from '../../src/nodes/registry.ts';
import type { IRun, RunOptions } from '../../src/engine/types.ts';
import type { IConnections, IDataObject, INode, IWorkflowBase } from '../../src/model/workflow.ts';

export type NodeSpec = { name: string; type: string; typeVersion: number; parameters: IDataObject };

export const trigger = (): NodeSpec => ({ name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} });
export const code = (jsCode: string, mode: 'runOnceForAllItems' | 'runOnceForEachItem' = 'runOnceForAllItems', name = 'Code'): NodeSpec => ({
  name,
  type: 'n8n-nodes-base.code',
  typeVersion: 2,
  parameters: { jsCode, mode },
});
export const fn = (functionCode: string, name = 'Function'): NodeSpec => ({ name, type: 'n8n-nodes-base.function', typeVersion: 1, parameters: { functionCode } });
export const fnItem = (functionCode: string, name = 'Function Item'): NodeSpec => ({ name, type: 'n8n-nodes-base.functionItem', typeVersion: 1, parameters: { functionCode } });
/** Edit Fields (Set) 3.4 with one field; `value` may be an expression `={{ … }}`. */
export const setField = (field: string, value: unknown, type = 'string', name = 'Set', options: IDataObject = {}): NodeSpec => ({
  name,
  type: 'n8n-nodes-base.set',
  typeVersion: 3.4,
  parameters: { mode: 'manual', includeOtherFields: true, assignments: { assignments: [{ id: 'a', name: field, value, type }] }, options },
});

/** A chain Trigger → a → b → …, or explicit connections. */
export function workflow(nodes: NodeSpec[], connections?: IConnections): IWorkflowBase {
  const full: INode[] = nodes.map((n, i) => ({ id: String(i + 1), position: [i * 220, 0], ...n }));
  const chain: IConnections = {};
  if (!connections) {
    for (let i = 0; i + 1 < full.length; i++) chain[full[i].name] = { main: [[{ node: full[i + 1].name, type: 'main', index: 0 }]] };
  }
  return { name: 'escape', active: false, nodes: full, connections: connections ?? chain, settings: { executionOrder: 'v1' } } as IWorkflowBase;
}

export interface Outcome {
  run: IRun;
  ms: number;
  status: string;
  error: string | undefined;
  /** Items of a node's first output. */
  out(node: string): IDataObject[] | undefined;
  console: Array<{ level: string; message: string }>;
}

export async function execute(wf: IWorkflowBase, opts: Partial<RunOptions> = {}): Promise<Outcome> {
  const consoleMessages: Array<{ level: string; message: string }> = [];
  const started = performance.now();
  const run = await runWorkflow({
    workflow: wf,
    nodeTypes: builtinNodeTypes,
    mode: 'manual',
    executionId: 'escape',
    ...opts,
    limits: { codeTimeoutMs: 2000, ...opts.limits },
    hooks: { sendMessageToUI: (_node, m) => consoleMessages.push(m as { level: string; message: string }), ...opts.hooks },
  });
  const ms = performance.now() - started;
  return {
    run,
    ms,
    status: run.status,
    error: run.data.resultData.error?.message,
    out: (node) => run.data.resultData.runData[node]?.[0]?.data?.main?.[0]?.map((i) => i.json),
    console: consoleMessages,
  };
}

/** Runs one Code node (after a Manual Trigger). */
export const runCodeNode = (jsCode: string, opts: Partial<RunOptions> & { mode?: 'runOnceForAllItems' | 'runOnceForEachItem' } = {}) =>
  execute(workflow([trigger(), code(jsCode, opts.mode)]), opts);

// --- Canaries -------------------------------------------------------------------------

export const CANARY_ENV = 'SWITCHYARD_ESCAPE_CANARY';
export const CANARY_SECRET = `canary-${process.pid}-${Date.now()}`;
/** A folder that exists while the escape suite runs (so an escaped write would succeed and show). */
export const canaryDir = join(tmpdir(), `switchyard-escape-${process.pid}-${Date.now()}`);
/** A file payloads try to create; it must never exist. */
export const canaryFile = join(canaryDir, 'pwned');

export function createCanaryDir(): void {
  mkdirSync(canaryDir, { recursive: true });
}

const names = (o: object) => Reflect.ownKeys(o).map(String).sort().join(',');

/** What a payload would change if it reached the host. */
export function hostSnapshot(): Record<string, string> {
  return {
    objectProto: names(Object.prototype),
    arrayProto: names(Array.prototype),
    functionProto: names(Function.prototype),
    stringProto: names(String.prototype),
    promiseProto: names(Promise.prototype),
    errorCtor: names(Error),
    globals: names(globalThis),
    jsonStringify: String(JSON.stringify === JSON.stringify && JSON.stringify({ a: 1 })),
    processKeys: names(process),
    env: String(process.env[CANARY_ENV]),
  };
}

export function assertHostUntouched(before: Record<string, string>): string[] {
  const after = hostSnapshot();
  const problems: string[] = [];
  for (const key of Object.keys(before)) if (before[key] !== after[key]) problems.push(`${key} changed`);
  const probe = {} as Record<string, unknown>;
  for (const name of ['polluted', 'pwned', 'isAdmin', 'shell']) {
    if (probe[name] !== undefined) problems.push(`Object.prototype.${name} is set`);
  }
  if (existsSync(canaryFile)) problems.push(`${canaryFile} was created`);
  return problems;
}

export function removeCanaryDir(): void {
  rmSync(canaryDir, { recursive: true, force: true });
}

/** Everything the run produced that a leak would show up in. */
export function everythingSaid(o: Outcome): string {
  return JSON.stringify([o.run.data.resultData, o.console]);
}
