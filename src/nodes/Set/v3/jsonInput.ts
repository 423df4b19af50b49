// JSON written by the user (JSON mode, object fields): {{ }} segments resolved into the text,
// then parsed with n8n's one repair attempt (single quotes, bare keys, trailing commas).
import type { IDataObject, INode } from '../../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';

export function getResolvables(text: string): string[] {
  if (!text) return [];
  return [...text.matchAll(/({{[\s\S]*?}})/g)].map((m) => m[1]).filter((m) => m);
}

/** Each {{ … }} replaced by its value: objects as JSON, anything else as text. */
export function resolveRawData(ctx: ExecuteFunctions, rawData: string, itemIndex: number): string {
  let out = rawData;
  for (const resolvable of getResolvables(rawData)) {
    const value = ctx.evaluateExpression(resolvable, itemIndex);
    // String.replace with a string, as n8n does ($-patterns in values included).
    out = out.replace(resolvable, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  return out;
}

export function parseJsonParameter(jsonData: unknown, node: INode, itemIndex: number, entryName?: string): IDataObject {
  const location = entryName ? `entry "${entryName}" inside 'Fields to Set'` : "'JSON Output'";
  let data: unknown = jsonData;
  if (typeof jsonData === 'string') {
    try {
      data = JSON.parse(jsonData);
    } catch {
      let recovered = '';
      try {
        recovered = jsonData
          .replace(/'/g, '"')
          .replace(/(['"])?([a-zA-Z0-9_]+)(['"])?:/g, '"$2":')
          .replace(/,\s*([\]}])/g, '$1')
          .replace(/,+$/, '');
        data = JSON.parse(recovered);
      } catch {
        const description = recovered === jsonData ? jsonData : `${recovered};\n Original input: ${jsonData}`;
        throw new NodeOperationError(node, `The ${location} in item ${itemIndex} contains invalid JSON`, { description });
      }
    }
  }
  // null passes this check in n8n too (and then fails when its fields are read).
  if (data === undefined || typeof data !== 'object' || Array.isArray(data)) {
    throw new NodeOperationError(node, `The ${location} in item ${itemIndex} does not contain a valid JSON object`);
  }
  return data as IDataObject;
}
