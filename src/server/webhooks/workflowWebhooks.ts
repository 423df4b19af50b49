// The webhooks a workflow offers: every enabled Webhook node, per HTTP method, with its full
// path (n8n's getNodeWebhookPath: the path as set, the node's webhookId when empty, and
// '<webhookId>/<path>' when the path has ':params').
import type { INode, IWorkflowBase } from '../../model/workflow.ts';
import type { NodeType, NodeTypeRegistry, NodeWebhookDescription } from '../../nodes/types.ts';
import { WEBHOOK_NODE_TYPE } from '../../model/constants.ts';
import { webhookSettings, WebhookSettingsError, type WebhookSettings } from '../../nodes/Webhook/settings.ts';
import { formTriggerSettings } from '../../nodes/Form/settings.ts';
import { FORM_TRIGGER_NODE_TYPE } from '../../nodes/Form/FormTrigger.node.ts';
import { isDynamicPath } from './WebhookRegistry.ts';
import { ownWebhookPath } from '../../model/ownWebhooks.ts';

export interface NodeWebhook {
  node: INode;
  method: string;
  path: string;
  settings: WebhookSettings;
  /** A node with webhooks of its own (a community package's webhook node): it answers the call. */
  hook?: { type: NodeType; webhook: NodeWebhookDescription };
}

export class WebhookConfigurationError extends Error {}

export function nodeWebhookPath(node: INode, settings: WebhookSettings): string {
  if (settings.path === '') {
    if (!node.webhookId) throw new WebhookConfigurationError(`The node "${node.name}" has no path and no webhook id: set its Path`);
    return node.webhookId;
  }
  if (isDynamicPath(settings.path)) {
    if (!node.webhookId) throw new WebhookConfigurationError(`The node "${node.name}" uses a path with parameters but has no webhook id`);
    return `${node.webhookId}/${settings.path}`;
  }
  return settings.path;
}


/** Webhook settings of a node's own webhook: no authentication of ours, its response mode and code. */
function ownWebhookSettings(w: NodeWebhookDescription, path: string): WebhookSettings {
  const responseMode = w.responseMode === 'lastNode' || w.responseMode === 'responseNode' ? w.responseMode : 'onReceived';
  const responseData = (['firstEntryJson', 'allEntries', 'firstEntryBinary', 'noData'].includes(String(w.responseData)) ? w.responseData : 'firstEntryJson') as WebhookSettings['responseData'];
  return {
    methods: [w.httpMethod],
    path,
    responseMode,
    responseCode: w.responseCode,
    responseData,
    onReceivedData: undefined,
    responsePropertyName: undefined,
    responseContentType: undefined,
    responseBinaryPropertyName: 'data',
    responseHeaders: {},
    authentication: 'none',
    rawBody: false,
    binaryData: false,
    binaryPropertyName: 'data',
    ignoreBots: false,
    ipWhitelist: '',
    allowedOrigins: '*',
  };
}

export function workflowWebhooks(workflow: IWorkflowBase, onlyNodes?: Set<string>, nodeTypes?: NodeTypeRegistry): NodeWebhook[] {
  const out: NodeWebhook[] = [];
  for (const node of workflow.nodes) {
    const own = nodeTypes && !node.disabled && (!onlyNodes || onlyNodes.has(node.name)) ? nodeTypes.get(node.type, node.typeVersion) : undefined;
    if (own?.webhooks) {
      for (const w of own.webhooks.list(node)) {
        const path = ownWebhookPath(workflow.id, node, w.path, w.isFullPath === true);
        if (!['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT'].includes(w.httpMethod)) {
          throw new WebhookConfigurationError(`The node "${node.name}" listens to HTTP method "${w.httpMethod}", which is not one of DELETE, GET, HEAD, PATCH, POST, PUT`);
        }
        out.push({ node, method: w.httpMethod, path, settings: ownWebhookSettings(w, path), hook: { type: own, webhook: w } });
      }
      continue;
    }
    // Form Triggers serve their page (GET) and take submissions (POST) at /form/<path>.
    const isForm = node.type === FORM_TRIGGER_NODE_TYPE;
    if ((node.type !== WEBHOOK_NODE_TYPE && !isForm) || node.disabled) continue;
    if (onlyNodes && !onlyNodes.has(node.name)) continue;
    let settings: WebhookSettings;
    try {
      settings = isForm ? formTriggerSettings(node) : webhookSettings(node);
    } catch (e) {
      if (e instanceof WebhookSettingsError) throw new WebhookConfigurationError(e.message);
      throw e;
    }
    const path = nodeWebhookPath(node, settings);
    if (path.includes('?') || path.includes('#') || path.split('/').some((s) => s === '' || s === '.' || s === '..')) {
      throw new WebhookConfigurationError(`The path "${path}" of node "${node.name}" is not a valid URL path`);
    }
    for (const method of new Set(settings.methods)) {
      if (!['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT'].includes(method)) {
        throw new WebhookConfigurationError(`The node "${node.name}" listens to HTTP method "${method}", which is not one of DELETE, GET, HEAD, PATCH, POST, PUT`);
      }
      out.push({ node, method, path, settings });
    }
  }
  return out;
}
