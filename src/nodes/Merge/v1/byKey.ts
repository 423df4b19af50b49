// Merge v1 key modes: keep / remove input-1 items whose key has a match in input 2, or merge
// the matching input-2 JSON into them. Keys compare as strings (numbers and Dates converted).
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import { getPath } from '../../shared/path.ts';
import { deepCopyLarge } from '../../shared/deepCopy.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';

export type KeyMode = 'keepKeyMatches' | 'mergeByKey' | 'removeKeyMatches';

/** A merged item is a copy of its input-1 item; a large one is copied in slices (deepCopyLarge). */
export async function mergeByKey(
  mode: KeyMode,
  input1: INodeExecutionData[],
  input2: INodeExecutionData[],
  property1: string,
  property2: string,
  overwrite: string,
): Promise<INodeExecutionData[]> {
  const out: INodeExecutionData[] = [];
  const copyData = new Map<string, INodeExecutionData>();
  for (const entry of input2) {
    const key = getPath(entry.json, property2);
    if (!entry.json || !key) continue;
    copyData.set(String(key), entry);
  }
  for (let entry of input1) {
    if (sliceDue()) await yieldToLoop();
    let reference = getPath(entry.json, property1);
    // n8n's "not comparable" check only lets strings, numbers and null through.
    const comparable = reference !== undefined && (typeof reference === 'string' || typeof reference === 'number' || reference === null);
    if (!comparable) {
      if (mode === 'removeKeyMatches') out.push(entry);
      continue;
    }
    if (typeof reference === 'number') reference = reference.toString();
    const match = copyData.get(String(reference));
    if (match === undefined) {
      if (mode === 'removeKeyMatches') out.push(entry);
      if (mode === 'mergeByKey') out.push(entry);
      continue;
    }
    if (mode === 'removeKeyMatches') continue;
    if (mode === 'keepKeyMatches') {
      out.push(entry);
      continue;
    }
    entry = await deepCopyLarge(entry);
    for (const key of Object.keys(match.json)) {
      if (key === property2) continue;
      const current = entry.json[key];
      if (
        overwrite === 'always' ||
        (overwrite === 'undefined' && !Object.prototype.hasOwnProperty.call(entry.json, key)) ||
        (overwrite === 'blank' && (current === null || current === undefined || current === ''))
      ) {
        entry.json[key] = match.json[key] as IDataObject[string];
      }
    }
    out.push(entry);
  }
  return out;
}
