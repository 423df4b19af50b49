// n8n's custom API call choice (spec 001 §5): when a node's resource or operation is the custom
// API call ('__CUSTOM_API_CALL__'), only authentication, resource and operation stay visible,
// plus any parameter already set (a value other than its default), so nothing set is hidden away.
import type { INodeProperties } from '../../../model/nodeTypes.ts';

export const CUSTOM_API_CALL_KEY = '__CUSTOM_API_CALL__';
export const CUSTOM_API_CALL_VISIBLE = ['authentication', 'resource', 'operation'];

export function isCustomApiCallSelected(root: Record<string, unknown>): boolean {
  const has = (v: unknown) => (typeof v === 'string' && v.includes(CUSTOM_API_CALL_KEY)) || (Array.isArray(v) && v.includes(CUSTOM_API_CALL_KEY));
  return has(root.resource) || has(root.operation);
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether the top-level property is hidden by the custom API call rule. */
export function hiddenByCustomApiCall(property: INodeProperties, value: unknown, root: Record<string, unknown>): boolean {
  if (!isCustomApiCallSelected(root)) return false;
  if (CUSTOM_API_CALL_VISIBLE.includes(property.name)) return false;
  const set = value !== undefined && !same(value, property.default);
  return !set;
}
