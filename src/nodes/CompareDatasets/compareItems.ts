// How two paired items differ (resolve "includeBoth", n8n's compareItems): the match keys, the
// fields that are the same, and per different field both versions (inputA/inputB from v2 on);
// skipped fields are reported apart, nested ones by dot path from 2.1.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { getPath, setPath, unsetPath } from '../shared/path.ts';
import type { CompareFunction } from '../shared/fuzzyCompare.ts';
import type { CompareOptions, PairToMatch } from './types.ts';
import { cloneLarge } from '../shared/deepCopy.ts';

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

export async function compareItems(
  item1: INodeExecutionData,
  item2: INodeExecutionData,
  fieldsToMatch: PairToMatch[],
  options: CompareOptions,
  skipFields: string[],
  equal: CompareFunction,
): Promise<INodeExecutionData> {
  const version = options.nodeVersion;
  const keys: IDataObject = {};
  for (const f of fieldsToMatch) keys[f.field1] = item1.json[f.field1];
  const keys1 = Object.keys(item1.json);
  const keys2 = Object.keys(item2.json);
  const allKeys = union(keys1, keys2);
  const toCompare = options.fuzzyCompare && version >= 2.1 ? allKeys : keys1.filter((k) => keys2.includes(k));
  const same: IDataObject = {};
  for (const key of toCompare) if (equal(item1.json[key], item2.json[key])) same[key] = item1.json[key];
  const differentKeys = allKeys.filter((k) => !(k in same));
  const different: IDataObject = {};
  const skipped: IDataObject = {};
  const nullish = (v: unknown) => (version >= 2 ? (v === undefined ? null : v) : v || null);
  const [nameA, nameB] = version >= 2 ? ['inputA', 'inputB'] : ['input1', 'input2'];

  for (let i = 0; i < differentKeys.length; i++) {
    const key = differentKeys[i];
    if (options.resolve === 'preferInput1') {
      different[key] = nullish(item1.json[key]) as IDataObject[string];
      continue;
    }
    if (options.resolve === 'preferInput2') {
      different[key] = nullish(item2.json[key]) as IDataObject[string];
      continue;
    }
    let input1 = nullish(item1.json[key]);
    let input2 = nullish(item2.json[key]);
    if (version >= 2.1 && !options.disableDotNotation && !skipFields.some((f) => f === key)) {
      const nested = skipFields.filter((f) => f.startsWith(key) && f.includes('.'));
      // Copies (large ones cloned in slices), so the upstream nodes' output is not changed.
      input1 = await cloneLarge(input1);
      input2 = await cloneLarge(input2);
      if (nested.length && (typeof input1 !== 'object' || typeof input2 !== 'object')) {
        throw new Error(`The field '${key}' in item ${i} is not an object. It is not possible to use dot notation.`);
      }
      if (skipped[key] === undefined && nested.length) skipped[key] = { [nameA]: {}, [nameB]: {} };
      for (const field of nested) {
        const path = field.replace(`${key}.`, '');
        const entry = skipped[key] as Record<string, IDataObject>;
        setPath(entry[nameA], path, getPath(input1, path));
        setPath(entry[nameB], path, getPath(input2, path));
        if (input1 && typeof input1 === 'object') unsetPath(input1 as IDataObject, path);
        if (input2 && typeof input2 === 'object') unsetPath(input2 as IDataObject, path);
      }
      different[key] = { [nameA]: input1, [nameB]: input2 } as IDataObject;
    } else if (skipFields.includes(key)) {
      skipped[key] = { [nameA]: input1, [nameB]: input2 } as IDataObject;
    } else {
      different[key] = { [nameA]: input1, [nameB]: input2 } as IDataObject;
    }
  }
  return { json: { keys, same, different, ...(Object.keys(skipped).length ? { skipped } : {}) } };
}
