// What every HTTP Request version shares in the node list.
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';

export const httpRequestBase = {
  name: 'n8n-nodes-base.httpRequest',
  displayName: 'HTTP Request',
  description: 'Makes an HTTP request and returns the response data',
  icon: 'fa:globe',
  iconColor: 'dark-blue',
  group: ['output'],
  defaultVersion: 4.4,
  subtitle: '={{$parameter["requestMethod"] + ": " + $parameter["url"]}}',
  defaults: { name: 'HTTP Request', color: '#0004F5' },
  inputs: ['main'],
  outputs: ['main'],
  codex: {
    categories: ['Core Nodes'],
    subcategories: { 'Core Nodes': ['Helpers'] },
    alias: ['API', 'Request', 'URL', 'Build', 'cURL'],
  },
} satisfies Omit<INodeTypeDescription, 'version' | 'properties'>;

export const METHOD_OPTIONS = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'].map((m) => ({ name: m, value: m }));

export const SSL_DESCRIPTION = 'Whether to download the response even if SSL certificate validation is not possible';
