// Rename Keys: n8n-nodes-base.renameKeys v1, renames fields by name (dot notation) and by regex.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { ExecuteFunctions, NodeType } from '../types.ts';
import { deepCopy } from '../shared/deepCopy.ts';
import { getPath, setPath, unsetPath } from '../shared/path.ts';
import { keyRegex, RegexBudgetError, renameByRegex, type RenameJob } from './boundedRegex.ts';
import { renameKeysDescription } from './description.ts';

interface KeyRename {
  currentKey: string;
  newKey: string;
}

interface RegexReplacement {
  searchRegex: string;
  replaceRegex: string;
  options?: { depth?: number; caseInsensitive?: boolean };
}

/** The item with its named keys renamed, and the regexes still to apply to it. */
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
      try {
        results[i] = prepare(ctx, items[i], i);
      } catch (error) {
        fail(error, i);
      }
    }
    const jobs = results.filter((r): r is RenameJob => !(r instanceof Error));
    try {
      renameByRegex(jobs);
    } catch (error) {
      if (!(error instanceof RegexBudgetError)) throw error;
      // Out of time: start again item by item to find the ones at fault.
      for (let i = 0; i < items.length; i++) {
        if (results[i] instanceof Error) continue;
        try {
          const job = prepare(ctx, items[i], i);
          renameByRegex([job]);
          results[i] = job;
        } catch (e) {
          fail(e, i);
        }
      }
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
