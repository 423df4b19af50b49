// Respond to Webhook v1-1.5: answers the webhook call that started the run (Webhook node
// "Respond: Using 'Respond to Webhook' Node") and passes its items on. v1.1 fails when no
// webhook-like node comes before it, as n8n does; 1.3 always, 1.4+ with "Enable Response Output
// Branch", also outputs the response sent on a second output. 1.5's streaming is not offered:
// Switchyard answers with the whole response, as n8n does when the webhook does not stream.
import type { IDataObject, INode } from '../../model/workflow.ts';
import type { NodeType, WebhookResponse } from '../types.ts';
import { NodeOperationError } from '../types.ts';
import { setPath } from '../shared/path.ts';
import { respondToWebhookProperties } from './description.ts';
import { signJwt } from './jwt.ts';
import { respondToWebhookOutputs } from '../../model/nodePorts.ts';

const WEBHOOK_LIKE = ['n8n-nodes-base.webhook', 'n8n-nodes-base.wait', 'n8n-nodes-base.formTrigger', '@n8n/n8n-nodes-langchain.chatTrigger'];

function hasWebhookParent(nodes: INode[], connections: Record<string, { main?: Array<Array<{ node: string }> | null> }>, name: string): boolean {
  const parentsOf = new Map<string, string[]>();
  for (const [from, outs] of Object.entries(connections ?? {})) {
    for (const list of outs.main ?? []) for (const c of list ?? []) parentsOf.set(c.node, [...(parentsOf.get(c.node) ?? []), from]);
  }
  const types = new Map(nodes.map((n) => [n.name, n.type]));
  const seen = new Set<string>();
  const queue = [...(parentsOf.get(name) ?? [])];
  while (queue.length) {
    const p = queue.shift() as string;
    if (seen.has(p)) continue;
    seen.add(p);
    if (WEBHOOK_LIKE.includes(types.get(p) ?? '')) return true;
    queue.push(...(parentsOf.get(p) ?? []));
  }
  return false;
}

export const respondToWebhook: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-base.respondToWebhook',
    displayName: 'Respond to Webhook',
    description: 'Returns data for Webhook',
    icon: 'fa:reply',
    group: ['transform'],
    version: [1, 1.1, 1.2, 1.3, 1.4, 1.5],
    // n8n keeps new nodes at 1.4 until streaming is fully supported.
    defaultVersion: 1.4,
    defaults: { name: 'Respond to Webhook', color: '#885577' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes', 'Utility'], subcategories: { 'Core Nodes': ['Helpers', 'Flow'] }, alias: ['Webhook', 'HTTP', 'Response'] },
    credentials: [{ name: 'jwtAuth', required: true, displayOptions: { show: { respondWith: ['jwt'] } } }],
    properties: respondToWebhookProperties,
    dynamicOutputs: true,
  },
  outputsFor: (node) => respondToWebhookOutputs(node.typeVersion, node.parameters ?? {}),
  async execute(ctx) {
    const items = ctx.getInputData();
    const node = ctx.getNode();
    let response: WebhookResponse | undefined;
    try {
      if (node.typeVersion >= 1.1) {
        const wf = ctx.getWorkflowData();
        if (!hasWebhookParent(wf.nodes, wf.connections as never, node.name)) {
          throw new NodeOperationError(node, 'No Webhook node found in the workflow', {
            description: 'Insert a Webhook node to your workflow and set the “Respond” parameter to “Using Respond to Webhook Node” ',
          });
        }
      }
      const respondWith = ctx.getNodeParameter('respondWith', 0) as string;
      const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
      const headers: Record<string, string> = {};
      const entries = (options.responseHeaders as { entries?: Array<{ name: unknown; value: unknown }> } | undefined)?.entries ?? [];
      for (const h of entries) headers[String(h.name).toLowerCase()] = String(h.value);
      let statusCode = (options.responseCode as number | undefined) ?? 200;
      let body: unknown;
      if (respondWith === 'json') {
        const raw = ctx.getNodeParameter('responseBody', 0) as unknown;
        if (raw && typeof raw === 'object') body = raw;
        else if (raw) {
          try {
            body = JSON.parse(String(raw));
          } catch (e) {
            throw new NodeOperationError(node, "Invalid JSON in 'Response Body' field", {
              description: `Check that the syntax of the JSON in the 'Response Body' parameter is valid (${(e as Error).message})`,
            });
          }
        }
      } else if (respondWith === 'jwt') {
        try {
          const credential = await ctx.getCredentials('jwtAuth');
          const payload = ctx.getNodeParameter('payload', 0, {}) as unknown;
          const claims = typeof payload === 'string' ? (JSON.parse(payload) as IDataObject) : ((payload ?? {}) as IDataObject);
          body = { token: signJwt(claims, credential) };
        } catch (e) {
          throw new NodeOperationError(node, 'Error signing JWT token', { description: (e as Error).message });
        }
      } else if (respondWith === 'allIncomingItems') {
        const all = items.map((i) => i.json);
        body = options.responseKey ? setPath({}, String(options.responseKey), all) : all;
      } else if (respondWith === 'firstIncomingItem') {
        body = options.responseKey ? setPath({}, String(options.responseKey), items[0]?.json) : items[0]?.json;
      } else if (respondWith === 'text') {
        body = String(ctx.getNodeParameter('responseBody', 0) ?? '');
      } else if (respondWith === 'binary') {
        const item = items[0];
        if (!item?.binary) throw new NodeOperationError(node, 'No binary data exists on the first item!');
        const source = ctx.getNodeParameter('responseDataSource', 0, 'automatically') as string;
        const property = source === 'set' ? (ctx.getNodeParameter('inputFieldName', 0) as string) : Object.keys(item.binary)[0];
        if (!property || !item.binary[property]) throw new NodeOperationError(node, `The item has no binary field '${property ?? ''}'`);
        body = await ctx.helpers.getBinaryDataBuffer(0, property);
        headers['content-type'] ??= item.binary[property].mimeType;
      } else if (respondWith === 'redirect') {
        headers.location = ctx.getNodeParameter('redirectURL', 0) as string;
        statusCode = (options.responseCode as number | undefined) ?? 307;
      } else if (respondWith !== 'noData') {
        throw new NodeOperationError(node, `The Response Data option "${respondWith}" is not supported!`);
      }
      response = { statusCode, headers, body };
      ctx.sendResponse(response);
    } catch (error) {
      if (ctx.continueOnFail()) return [[{ json: { error: (error as Error).message } }]];
      throw error;
    }
    if (respondToWebhookOutputs(node.typeVersion, node.parameters ?? {}).length === 2) return [items, [{ json: { response: response as unknown as IDataObject } }]];
    return [items];
  },
};
