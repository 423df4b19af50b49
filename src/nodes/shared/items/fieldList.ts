// Field-name lists as the list nodes take them: "a, b.c" strings or arrays (n8n's prepareFieldsArray).
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';

export function prepareFieldsArray(ctx: ExecuteFunctions, fields: unknown, fieldName = 'Fields'): string[] {
  if (typeof fields === 'string') {
    return fields
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
  }
  if (Array.isArray(fields)) return fields as string[];
  throw new NodeOperationError(ctx.getNode(), `The '${fieldName}' parameter must be a string of fields separated by commas or an array of strings.`);
}

/** Names from a fixedCollection of { fieldName } entries (Item Lists v1–v2). */
export function fieldNames(entries: unknown): string[] {
  return ((entries ?? []) as Array<{ fieldName?: string }>).map((e) => e.fieldName as string);
}
