// Reading and writing fields by name: dot notation paths, or literal keys when it is off.
import type { IDataObject } from '../../../model/workflow.ts';
import { getPath, setPath, unsetPath } from '../../shared/path.ts';

/** With dot notation off a key may still be written as ['a.b'] to mean the literal "a.b". */
function literalKey(item: IDataObject, key: string): string {
  if (item[key] !== undefined) return key;
  if ((key.startsWith("['") && key.endsWith("']")) || (key.startsWith('["') && key.endsWith('"]'))) return key.slice(2, -2);
  return key;
}

export interface FieldHelper {
  get(item: IDataObject, key: string): unknown;
  set(item: IDataObject, key: string, value: unknown): void;
  unset(item: IDataObject, key: string): void;
}

export function fieldHelper(dotNotation: boolean | undefined): FieldHelper {
  if (dotNotation !== false) {
    return {
      get: (item, key) => getPath(item, key),
      set: (item, key, value) => void setPath(item, key, value),
      unset: (item, key) => void unsetPath(item, key),
    };
  }
  return {
    get: (item, key) => item[literalKey(item, key)],
    set: (item, key, value) => void (item[literalKey(item, key)] = value as IDataObject[string]),
    unset: (item, key) => void delete item[literalKey(item, key)],
  };
}
