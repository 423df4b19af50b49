// Rename Keys: n8n-nodes-base.renameKeys v1, renames fields by name (dot notation) and by regex.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { NodeType } from '../types.ts';
import { deepCopy } from '../shared/deepCopy.ts';
import { getPath, setPath, unsetPath } from '../shared/path.ts';
import { BoundedRegex } from './boundedRegex.ts';
import { renameKeysDescription } from './description.ts';

interface KeyRename {
  currentKey: string;
  newKey: string;
}

interface RegexReplacement {
  searchRegex: string;
  replaceRegex: string;
  options: { depth?: number; caseInsensitive?: boolean };
}

function renameKey(source: IDataObject, target: IDataObject, { currentKey, newKey }: KeyRename): void {
  // Incomplete entries and renames to the same name are ignored.
  if (currentKey === '' || newKey === '' || currentKey === newKey) return;
  const value = getPath(source, currentKey);
  if (value === undefined) return;
  setPath(target, newKey, value);
  unsetPath(target, currentKey);
}

function renameByRegex(json: IDataObject, { searchRegex, replaceRegex, options }: RegexReplacement): IDataObject {
  const regex = new BoundedRegex(searchRegex, options.caseInsensitive ? 'i' : undefined);
  const walk = (obj: unknown, depth: number): void => {
    if (obj === null || typeof obj !== 'object') return;
    if (Array.isArray(obj)) {
      // Array positions are not renamed, only the objects inside.
      if (depth !== 0) for (const entry of obj) walk(entry, depth - 1);
      return;
    }
    const record = obj as IDataObject;
    for (const key of Object.keys(record)) {
      if (typeof record[key] === 'object' && depth !== 0) walk(record[key], depth - 1);
      if (regex.test(key)) {
        const newKey = regex.replace(key, replaceRegex);
        if (newKey !== key) {
          record[newKey] = record[key];
          delete record[key];
        }
      }
    }
  };
  walk(json, options.depth ?? -1);
  return json;
}

export const renameKeys: NodeType = {
  kind: 'regular',
  description: renameKeysDescription,
  async execute(ctx) {
    const items = ctx.getInputData();
    const out: INodeExecutionData[] = [];
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      try {
        const renames = ctx.getNodeParameter('keys.key', itemIndex, []) as KeyRename[];
        const replacements = ctx.getNodeParameter('additionalOptions.regexReplacement.replacements', itemIndex, []) as RegexReplacement[];
        const item = items[itemIndex];
        // Keys on any level can change, so the whole JSON is copied; binary data is shared.
        const newItem: INodeExecutionData = { json: deepCopy(item.json), pairedItem: { item: itemIndex } };
        if (item.binary !== undefined) newItem.binary = item.binary;
        for (const rename of renames) renameKey(item.json, newItem.json, rename);
        for (const replacement of replacements) newItem.json = renameByRegex(newItem.json, { ...replacement, options: replacement.options ?? {} });
        out.push(newItem);
      } catch (error) {
        if (ctx.continueOnFail()) {
          out.push({ json: { error: (error as Error).message }, pairedItem: { item: itemIndex } });
          continue;
        }
        throw error;
      }
    }
    return [out];
  },
};
