// The n8n node's credential (n8n's 'n8nApi'): an API key sent as X-N8N-API-KEY to a public API
// base URL — Switchyard's own /api/v1 (Settings → API) or an n8n instance's.
import type { ICredentialType } from '../../model/credentialTypes.ts';

export const n8nApi: ICredentialType = {
  name: 'n8nApi',
  displayName: 'n8n API',
  documentationUrl: 'api/authentication/',
  icon: 'node:n8n-nodes-base.n8n',
  properties: [
    { displayName: 'API Key', name: 'apiKey', type: 'string', typeOptions: { password: true }, default: '', description: 'The API key of a user, from Settings → API' },
    {
      displayName: 'Base URL',
      name: 'baseUrl',
      type: 'string',
      default: '',
      placeholder: 'http://127.0.0.1:5678/api/v1',
      description: 'The API URL of the instance, ending in /api/v1',
    },
  ],
  authenticate: { type: 'generic', properties: { headers: { 'X-N8N-API-KEY': '={{$credentials.apiKey}}' } } },
  test: { request: { baseURL: '={{$credentials.baseUrl}}', url: '/workflows?limit=5' } },
};
