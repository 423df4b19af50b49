// The depth limit of workflow data (MAX_JSON_DEPTH, the one bodies meet at the server's door)
// for data a run makes itself: node output and expression results. Deeper data overflowed the
// stack later, in a node's JSON.stringify or when the run was saved, as an unexplained
// "Maximum call stack size exceeded" (or a run saved without its data).
import { ARRAY_LIMIT_DESCRIPTION, DepthWalk, MAX_DATA_ARRAY_LENGTH, MAX_JSON_DEPTH, valueDepthCheck } from '../model/jsonDepth.ts';
import { yieldToLoop } from '../model/yieldToLoop.ts';
import type { INodeExecutionData } from '../model/execution.ts';
import type { INode } from '../model/workflow.ts';
import { NodeOperationError } from '../nodes/types.ts';

export const DEPTH_LIMIT_DESCRIPTION = `Data in a workflow may nest objects and arrays at most ${MAX_JSON_DEPTH} levels deep.`;

/**
 * Item JSON objects already found within the limit. Nodes that pass items on (No Op, If,
 * Filter, Switch, Merge…) hand the same objects to the next node, and walking a 16 MB webhook
 * body again at every node held the server's event loop ~50–100 ms each time. Only large items
 * are remembered: an entry per small item cost more than walking it again (a chain of 100 Set
 * nodes × 500 items took about twice as long).
 */
const checked = new WeakSet<object>();
const REMEMBER_FROM_CONTAINERS = 1000;

/** Members looked at between two looks at the clock (well under 1 ms). */
const STEP_MEMBERS = 10_000;
const SLICE_MS = 10;

/**
 * Fails the node when an item of its output nests deeper than the limit, or contains itself.
 * Gives the event loop back every SLICE_MS: a 15 MB item took ~35 ms to walk in one go.
 */
export async function checkOutputDepth(node: INode, output: Array<INodeExecutionData[] | null> | null | undefined): Promise<void> {
  let sliceStart = performance.now();
  for (const items of output ?? []) {
    if (!items) continue;
    for (let i = 0; i < items.length; i++) {
      const json = items[i]?.json;
      if (json !== null && typeof json === 'object' && checked.has(json)) continue;
      const walk = new DepthWalk(json, MAX_JSON_DEPTH, MAX_DATA_ARRAY_LENGTH);
      let found = walk.step(STEP_MEMBERS);
      while (found === 'more') {
        if (performance.now() - sliceStart >= SLICE_MS) {
          await yieldToLoop();
          sliceStart = performance.now();
        }
        found = walk.step(STEP_MEMBERS);
      }
      if (found === 'ok') {
        if (walk.visits >= REMEMBER_FROM_CONTAINERS) checked.add(json as object);
        continue;
      }
      if (found === 'large') {
        throw new NodeOperationError(node, `Node "${node.name}" returned an array of more than ${MAX_DATA_ARRAY_LENGTH.toLocaleString('en-US')} elements (item ${i})`, { itemIndex: i, description: ARRAY_LIMIT_DESCRIPTION });
      }
      const what = found === 'deep' ? `data nested more than ${MAX_JSON_DEPTH} levels deep` : 'data that contains itself, a circular reference';
      throw new NodeOperationError(node, `Node "${node.name}" returned ${what} (item ${i})`, { itemIndex: i, description: DEPTH_LIMIT_DESCRIPTION });
    }
  }
}

/**
 * Whether an expression's result nests deeper than the limit. Results may be the data proxy's
 * own objects ($input, $('Node')) whose getters can throw or refer back to themselves:
 * only depth counts here, and a walk that fails says nothing.
 */
export function expressionResultTooDeep(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  try {
    return valueDepthCheck(value) === 'deep';
  } catch {
    return false;
  }
}
