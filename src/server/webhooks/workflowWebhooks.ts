// The webhooks a workflow offers: every enabled Webhook node, per HTTP method, with its full
// path (n8n's getNodeWebhookPath: the path as set, the node's webhookId when empty, and
// '<webhookId>/<path>' when the path has ':params').
import type { INode, IWorkflowBase } from '../../model/workflow.ts';
import { WEBHOOK_NODE_TYPE } from '../../model/constants.ts';
import { webhookSettings, WebhookSettingsError, type WebhookSettings } from '../../nodes/Webhook/settings.ts';
import { formTriggerSettings } from '../../nodes/Form/settings.ts';
import { FORM_TRIGGER_NODE_TYPE } from '../../nodes/Form/FormTrigger.node.ts';
import { isDynamicPath } from './WebhookRegistry.ts';

export interface NodeWebhook {
  node: INode;
  method: string;
  path: string;
  settings: WebhookSettings;
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

export function workflowWebhooks(workflow: IWorkflowBase, onlyNodes?: Set<string>): NodeWebhook[] {
  const out: NodeWebhook[] = [];
  for (const node of workflow.nodes) {
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
