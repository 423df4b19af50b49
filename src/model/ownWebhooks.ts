// Webhooks a node describes itself (n8n's `description.webhooks`: community webhook nodes), read
// the same way by the server (which registers them) and the editor (which shows their URLs):
// fields are fixed values or n8n's `={{$parameter["name"]}}`; the path is n8n's getNodeWebhookPath.
import type { INodeProperties, IWebhookDescription } from './nodeTypes.ts';
import type { INode } from './workflow.ts';

export class OwnWebhookExpressionError extends Error {}

const PARAMETER_EXPRESSION = /^=\{\{\s*\$parameter(?:\[\s*["']([^"']+)["']\s*\]|\.([A-Za-z_$][\w$]*))\s*\}\}$/;

/** A webhook description's field: a value, or `={{$parameter["x"]}}` read from the node (its default when unset). */
export function webhookDescriptionValue(node: Pick<INode, 'name' | 'parameters'>, properties: INodeProperties[], field: string, value: unknown): unknown {
  if (typeof value !== 'string' || !value.startsWith('=')) return value;
  const m = PARAMETER_EXPRESSION.exec(value.trim());
  if (m) {
    const name = m[1] ?? m[2];
    const own = (node.parameters as Record<string, unknown> | undefined)?.[name];
    if (own !== undefined && !(typeof own === 'string' && own.startsWith('='))) return own;
    return properties.find((p) => p.name === name)?.default;
  }
  if (!value.includes('{{')) return value.slice(1);
  throw new OwnWebhookExpressionError(`The webhook ${field} of node "${node.name}" is an expression Switchyard cannot read before the call (${value})`);
}

/** n8n's getNodeWebhookPath for a described webhook; a node without webhookId uses `<workflowId>/<node name>/<path>`. */
export function ownWebhookPath(workflowId: string | undefined, node: Pick<INode, 'name' | 'webhookId'>, path: string, isFullPath: boolean): string {
  if (!node.webhookId) return `${workflowId ?? ''}/${encodeURIComponent(node.name.toLowerCase())}/${path}`;
  if (isFullPath) return path || node.webhookId;
  return `${node.webhookId}/${path}`;
}

/** The first described webhook of a node, resolved: its path under /webhook and its HTTP method. */
export function firstOwnWebhook(node: Pick<INode, 'name' | 'parameters' | 'webhookId'>, description: { properties: INodeProperties[]; webhooks?: IWebhookDescription[] }, workflowId?: string): { path: string; method: string } | undefined {
  const w = description.webhooks?.[0] as (IWebhookDescription & Record<string, unknown>) | undefined;
  if (!w) return undefined;
  try {
    const read = (field: string, fallback: unknown) => webhookDescriptionValue(node, description.properties, field, w[field]) ?? fallback;
    const path = String(read('path', '')).replace(/^\/+|\/+$/g, '');
    return { path: ownWebhookPath(workflowId, node, path, read('isFullPath', false) === true), method: String(read('httpMethod', 'GET')).toUpperCase() };
  } catch {
    return undefined;
  }
}
