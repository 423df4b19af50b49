// What a Form Trigger asks of the server, read from its stored parameters: its URL path (v1:
// '<webhookId>/n8n-form'; v2: the Form Path, else the webhook id), GET for the page and POST
// for submissions, the response mode and the caller checks (Basic Auth, bots).
import type { IDataObject, INode } from '../../model/workflow.ts';
import type { ResponseMode, WebhookSettings } from '../Webhook/settings.ts';
import { WebhookSettingsError } from '../Webhook/settings.ts';

export interface FormTriggerSettings extends WebhookSettings {
  form: true;
}

function plain(node: INode, name: string, value: unknown): unknown {
  if (typeof value !== 'string' || !value.startsWith('=')) return value;
  if (!value.includes('{{')) return value.slice(1);
  throw new WebhookSettingsError(`The parameter "${name}" of node "${node.name}" uses an expression; a form's path and response mode must be fixed values`);
}

export function formTriggerSettings(node: INode): FormTriggerSettings {
  const p = (node.parameters ?? {}) as IDataObject;
  const options = (p.options ?? {}) as IDataObject;
  let path: string;
  if (node.typeVersion < 2) {
    if (!node.webhookId) throw new WebhookSettingsError(`The form of node "${node.name}" has no webhook id: open and save it in the editor`);
    path = `${node.webhookId}/n8n-form`;
  } else {
    path = String(plain(node, 'path', p.path || options.path || '') ?? '')
      .trim()
      .replace(/^\/+|\/+$/g, '');
  }
  const responseMode = String(plain(node, 'responseMode', p.responseMode ?? 'onReceived')) as ResponseMode;
  if (!['onReceived', 'lastNode', 'responseNode'].includes(responseMode)) throw new WebhookSettingsError(`The "Respond When" of node "${node.name}" must be onReceived, lastNode or responseNode (got "${responseMode}")`);
  return {
    form: true,
    methods: ['GET', 'POST'],
    path,
    responseMode,
    responseCode: 200,
    responseData: undefined,
    onReceivedData: undefined,
    responsePropertyName: undefined,
    responseContentType: undefined,
    responseBinaryPropertyName: 'data',
    responseHeaders: {},
    authentication: node.typeVersion > 1 ? String(plain(node, 'authentication', p.authentication ?? 'none')) : 'none',
    rawBody: false,
    binaryData: false,
    binaryPropertyName: 'data',
    ignoreBots: options.ignoreBots === true,
    ipWhitelist: String(options.ipWhitelist ?? ''),
    allowedOrigins: '*',
  };
}

export function isFormSettings(s: WebhookSettings): s is FormTriggerSettings {
  return (s as Partial<FormTriggerSettings>).form === true;
}
