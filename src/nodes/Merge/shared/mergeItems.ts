// Combining the JSON (and binary) of matched items, with n8n's clash handling: prefer one
// input's values, add input-number suffixes, deep or shallow merge, "minimize empty fields".
import type { INodeExecutionData, IPairedItemData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import { assignWith, merge, mergeLarge, type MergeCustomizer } from '../../shared/objectMerge.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';
import { preparePairedItemDataArray } from '../../shared/pairedItems.ts';
import { addSuffixToEntriesKeys } from './matchFields.ts';
import type { ClashResolveOptions, EntryMatches, MatchFieldsJoinMode } from './types.ts';

type Obj = Record<string, unknown>;
/** Deep merges of large items are made in slices (mergeLarge): await the answer. */
export type MergeMethod = (target: Obj, ...sources: Array<Obj | undefined>) => Obj | Promise<Obj>;

const keepTargetWhenEmpty: MergeCustomizer = (targetValue, srcValue) =>
  srcValue === undefined || srcValue === null || srcValue === '' ? targetValue : undefined;

export function selectMergeMethod(clash: ClashResolveOptions): MergeMethod {
  const mode = clash.mergeMode;
  if (clash.overrideEmpty) {
    if (mode === 'deepMerge') return (target, ...sources) => mergeLarge({ ...target }, sources, keepTargetWhenEmpty);
    if (mode === 'shallowMerge') return (target, ...sources) => assignWith({ ...target }, sources, keepTargetWhenEmpty);
  } else if (mode === 'shallowMerge') {
    return (target, ...sources) => assignWith({}, [target, ...sources]);
  }
  return (target, ...sources) => mergeLarge({}, [target, ...sources]);
}

/**
 * Merges each input-1 entry with its matches. `preferLast` is the name under which this
 * version stores "prefer the later input" (v2: preferInput2, v3: preferLast).
 */
export async function mergeMatched(matched: EntryMatches[], clash: ClashResolveOptions, preferLast: string, joinMode?: MatchFieldsJoinMode): Promise<INodeExecutionData[]> {
  const out: INodeExecutionData[] = [];
  let resolveClash = clash.resolveClash;
  const mergeInto = selectMergeMethod(clash);
  if (resolveClash === undefined) resolveClash = joinMode !== 'enrichInput2' ? preferLast : 'preferInput1';

  for (const m of matched) {
    if (sliceDue()) await yieldToLoop();
    let { entry, matches } = m;
    let json: Obj = {};
    let binary: Obj = {};
    let pairedItem: IPairedItemData[] = [];
    if (resolveClash === 'addSuffix') {
      [entry] = addSuffixToEntriesKeys([entry], '1');
      matches = addSuffixToEntriesKeys(matches, '2');
      json = await mergeInto({ ...entry.json }, ...matches.map((i) => i.json));
      binary = await mergeInto({ ...entry.binary }, ...matches.map((i) => i.binary as Obj | undefined));
      pairedItem = [...preparePairedItemDataArray(entry.pairedItem), ...matches.flatMap((i) => preparePairedItemDataArray(i.pairedItem))];
    } else if (resolveClash === 'preferInput1') {
      const [first, ...rest] = matches;
      json = await mergeInto({ ...first.json }, ...rest.map((i) => i.json), entry.json);
      binary = await mergeInto({ ...first.binary }, ...rest.map((i) => i.binary as Obj | undefined), entry.binary as Obj | undefined);
      pairedItem = [
        ...preparePairedItemDataArray(first.pairedItem),
        ...rest.flatMap((i) => preparePairedItemDataArray(i.pairedItem)),
        ...preparePairedItemDataArray(entry.pairedItem),
      ];
    } else if (resolveClash === preferLast) {
      json = await mergeInto({ ...entry.json }, ...matches.map((i) => i.json));
      binary = await mergeInto({ ...entry.binary }, ...matches.map((i) => i.binary as Obj | undefined));
      pairedItem = [...preparePairedItemDataArray(entry.pairedItem), ...matches.flatMap((i) => preparePairedItemDataArray(i.pairedItem))];
    }
    out.push({ json: json as IDataObject, binary: binary as INodeExecutionData['binary'], pairedItem });
  }
  return out;
}

/** lodash merge({}, a.binary, b.binary) as n8n uses for position and cross-join merges. */
export function mergeBinary(...binaries: Array<INodeExecutionData['binary']>): INodeExecutionData['binary'] {
  return merge({}, ...(binaries as Array<Obj | undefined>)) as INodeExecutionData['binary'];
}
