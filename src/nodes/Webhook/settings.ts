// What a Webhook node asks of the server, read from its stored parameters the way n8n reads its
// webhook description (`$parameter[...]` of static values): methods, path, response settings.
// Pure functions over the node, used by the server's webhook registry and request handler.
import type { IDataObject, INode } from '../../model/workflow.ts';

export type ResponseMode = 'onReceived' | 'lastNode' | 'responseNode';
export type ResponseData = 'firstEntryJson' | 'allEntries' | 'firstEntryBinary' | 'noData';

export interface WebhookSettings {
  methods: string[];
  /** Path as configured, without leading/trailing slashes ('' when unset). */
  path: string;
  responseMode: ResponseMode;
  responseCode: number;
  /** lastNode: what to return; onReceived: 'noData' or a custom text (options.responseData). */
  responseData: ResponseData | undefined;
  onReceivedData: string | undefined;
  responsePropertyName: string | undefined;
  responseContentType: string | undefined;
  responseBinaryPropertyName: string;
  responseHeaders: Record<string, string>;
  authentication: 'none' | 'basicAuth' | 'headerAuth' | string;
  rawBody: boolean;
  binaryData: boolean;
  binaryPropertyName: string;
  ignoreBots: boolean;
  ipWhitelist: string;
  allowedOrigins: string;
}

export class WebhookSettingsError extends Error {}

/** A parameter as a plain value: '=literal' without {{ }} is the literal, other expressions are refused. */
function plain(node: INode, name: string, value: unknown): unknown {
  if (typeof value !== 'string' || !value.startsWith('=')) return value;
  if (!value.includes('{{')) return value.slice(1);
  throw new WebhookSettingsError(`The parameter "${name}" of node "${node.name}" uses an expression; webhook settings must be fixed values`);
}

export function headersFrom(value: unknown): Record<string, string> {
  const entries = (value as { entries?: Array<{ name?: unknown; value?: unknown }> } | undefined)?.entries ?? [];
  const out: Record<string, string> = {};
  for (const e of entries) if (e?.name) out[String(e.name).toLowerCase()] = String(e.value ?? '');
  return out;
}

export function webhookSettings(node: INode): WebhookSettings {
  const p = (node.parameters ?? {}) as IDataObject;
  const options = (p.options ?? {}) as IDataObject;
  const get = (name: string, fallback: unknown) => plain(node, name, p[name] ?? fallback);
  const opt = (name: string, fallback: unknown) => plain(node, `options.${name}`, options[name] ?? fallback);
  const rawMethod = get('httpMethod', node.typeVersion >= 2 && p.multipleMethods === true ? ['GET', 'POST'] : 'GET');
  const methods = (Array.isArray(rawMethod) ? rawMethod : [rawMethod]).map((m) => String(m).toUpperCase());
  const responseMode = String(get('responseMode', 'onReceived')) as ResponseMode;
  let responseCode = 200;
  if (p.responseCode !== undefined) responseCode = Number(get('responseCode', 200));
  else {
    const values = (options.responseCode as { values?: { responseCode?: unknown; customCode?: unknown } } | undefined)?.values;
    // As n8n's getResponseCode: a custom code wins when set.
    if (values) responseCode = Number(values.customCode || values.responseCode || 200);
  }
  if (!Number.isInteger(responseCode) || responseCode < 100 || responseCode > 599) {
    throw new WebhookSettingsError(`The response code of node "${node.name}" must be a number from 100 to 599`);
  }
  const explicitData = p.responseData === undefined ? undefined : String(get('responseData', 'firstEntryJson'));
  return {
    methods,
    path: String(get('path', '') ?? '').trim().replace(/^\/+|\/+$/g, ''),
    responseMode,
    responseCode,
    responseData: (responseMode === 'lastNode' ? (explicitData ?? 'firstEntryJson') : options.noResponseBody === true ? 'noData' : undefined) as ResponseData | undefined,
    onReceivedData: responseMode === 'onReceived' && options.responseData ? String(opt('responseData', '')) : undefined,
    responsePropertyName: options.responsePropertyName ? String(opt('responsePropertyName', '')) : undefined,
    responseContentType: options.responseContentType ? String(opt('responseContentType', '')) : undefined,
    responseBinaryPropertyName: String(get('responseBinaryPropertyName', 'data')),
    responseHeaders: headersFrom(options.responseHeaders),
    authentication: String(get('authentication', 'none')),
    rawBody: options.rawBody === true,
    binaryData: node.typeVersion === 1 && options.binaryData === true,
    binaryPropertyName: String(opt('binaryPropertyName', 'data')),
    ignoreBots: options.ignoreBots === true,
    ipWhitelist: String(opt('ipWhitelist', '')),
    allowedOrigins: String(opt('allowedOrigins', '*')),
  };
}

/** Main outputs: one per method when a v2 webhook listens to several (n8n's configuredOutputs). */
export function webhookOutputs(node: INode): string[] {
  const p = node.parameters ?? {};
  if (node.typeVersion >= 2 && p.multipleMethods === true && Array.isArray(p.httpMethod)) return (p.httpMethod as unknown[]).map(() => 'main');
  return ['main'];
}
