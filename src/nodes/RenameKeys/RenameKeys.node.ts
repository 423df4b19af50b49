// Rename Keys: n8n-nodes-base.renameKeys v1, renames fields by name (dot notation) and by regex.
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { ExecuteFunctions, NodeType } from '../types.ts';
import { deepCopy } from '../shared/deepCopy.ts';
import { getPath, setPath, unsetPath } from '../shared/path.ts';
import { keyRegex, REGEX_BUDGET_MS, RegexBudgetError, renameByRegex, type RenameJob } from './boundedRegex.ts';
import { regexTimeLimitMs } from '../../model/expressions/regex.ts';
import { renameKeysDescription } from './description.ts';
import { runSlowWork } from '../../model/expressions/defer.ts';

/** Items renamed in one timed call, and how long the node holds the event loop between breaks. */
const CHUNK_ITEMS = 200;
const SLICE_MS = 20;

interface KeyRename {
  currentKey: string;
  newKey: string;
}

interface RegexReplacement {
  searchRegex: string;
  replaceRegex: string;
  options?: { depth?: number; caseInsensitive?: boolean };
}

/** The item with its named keys renamed, and the regexes still to apply to it (no side effects: it may run again, see awaitSlowWork). */
function prepare(ctx: ExecuteFunctions, item: INodeExecutionData, itemIndex: number): RenameJob {
  const renames = ctx.getNodeParameter('keys.key', itemIndex, []) as KeyRename[];
  const replacements = ctx.getNodeParameter('additionalOptions.regexReplacement.replacements', itemIndex, []) as RegexReplacement[];
  // Keys on any level can change, so the whole JSON is copied.
  const json = deepCopy(item.json);
  for (const { currentKey, newKey } of renames) {
    // Incomplete entries and renames to the same name are ignored.
    if (currentKey === '' || newKey === '' || currentKey === newKey) continue;
    const value = getPath(item.json, currentKey);
    if (value === undefined) continue;
    setPath(json, newKey, value);
    unsetPath(json, currentKey);
  }
  const regexes = replacements.map((r) => keyRegex(r.searchRegex, r.replaceRegex, r.options?.depth ?? -1, !!r.options?.caseInsensitive));
  return { json, regexes };
}

export const renameKeys: NodeType = {
  kind: 'regular',
  description: renameKeysDescription,
  async execute(ctx) {
    const items = ctx.getInputData();
    const results: Array<RenameJob | Error> = [];
    const fail = (error: unknown, itemIndex: number): Error => {
      if (!ctx.continueOnFail()) throw error;
      results[itemIndex] = error as Error;
      return error as Error;
    };
    for (let i = 0; i < items.length; i++) {
      // prepare evaluates the item's Current Key / New Key expressions.
      if (sliceDue()) await yieldToLoop();
      try {
        // In a slow-work scope: a large item's copy ends the attempt and is made in slices.
        const job = runSlowWork(() => prepare(ctx, items[i], i));
        results[i] = job instanceof Promise ? await job : job;
      } catch (error) {
        fail(error, i);
      }
    }
    // In chunks, each call limited to the regex time limit (SWITCHYARD_REGEX_TIMEOUT) and the
    // event loop given back between them: one call for all items could hold the server for
    // the whole budget. A chunk out of time is redone item by item to find the ones at fault.
    const budget = regexTimeLimitMs() || REGEX_BUDGET_MS;
    let sliceStart = performance.now();
    const breathe = async (): Promise<void> => {
      if (performance.now() - sliceStart < SLICE_MS) return;
      await yieldToLoop();
      sliceStart = performance.now();
    };
    for (let start = 0; start < items.length; start += CHUNK_ITEMS) {
      const end = Math.min(items.length, start + CHUNK_ITEMS);
      const chunk = results.slice(start, end).filter((r): r is RenameJob => !(r instanceof Error));
      try {
        renameByRegex(chunk, budget);
      } catch (error) {
        if (!(error instanceof RegexBudgetError)) throw error;
        for (let i = start; i < end; i++) {
          if (results[i] instanceof Error) continue;
          await breathe();
          try {
            const job = prepare(ctx, items[i], i);
            renameByRegex([job], budget);
            results[i] = job;
          } catch (e) {
            fail(e, i);
          }
        }
      }
      await breathe();
    }
    return [
      results.map((r, itemIndex) => {
        if (r instanceof Error) return { json: { error: r.message }, pairedItem: { item: itemIndex } };
        const out: INodeExecutionData = { json: r.json as IDataObject, pairedItem: { item: itemIndex } };
        // Binary data is shared: this node does not change it.
        if (items[itemIndex].binary !== undefined) out.binary = items[itemIndex].binary;
        return out;
      }),
    ];
  },
};
