// Converting a field's value to its declared type, with n8n's messages and per-version rules
// for null and undefined.
import type { INode } from '../../../model/workflow.ts';
import { NodeOperationError } from '../../types.ts';
import { getValueDescription, validateFieldType, type FieldType } from '../../shared/typeValidation.ts';

export function validateEntry(
  name: string,
  type: FieldType,
  value: unknown,
  node: INode,
  itemIndex: number,
  ignoreErrors = false,
  nodeVersion?: number,
): { name: string; value: unknown } {
  // From 3.2 an empty value is written as null whatever the type.
  if (nodeVersion && nodeVersion >= 3.2 && (value === undefined || value === null)) return { name, value: null };

  const description = `To fix the error try to change the type for the field "${name}" or activate the option “Ignore Type Conversion Errors” to apply a less strict type validation`;
  if (type === 'string') {
    if (nodeVersion && nodeVersion > 3 && (value === undefined || value === null)) {
      if (ignoreErrors) return { name, value: null };
      throw new NodeOperationError(node, `'${name}' expects a ${type} but we got ${getValueDescription(value)} [item ${itemIndex}]`, { description });
    }
    value = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }

  const result = validateFieldType(name, value, type);
  if (!result.valid) {
    if (ignoreErrors) return { name, value: value ?? null };
    throw new NodeOperationError(node, `${result.errorMessage} [item ${itemIndex}]`, { itemIndex, description });
  }
  return { name, value: result.newValue ?? null };
}
