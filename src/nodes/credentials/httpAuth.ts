// HTTP Request's generic auth types (its "Generic Auth Type" list), n8n's names and properties.
// Basic, Header, Query and Bearer Auth declare how they authenticate (`authenticate`, evaluated
// over $credentials by src/engine/auth); Digest and Custom Auth are schemes the engine handles
// in code (a challenge round-trip; a JSON of headers, qs and body), as in n8n.
import type { ICredentialType } from '../../model/credentialTypes.ts';

const password = { password: true } as const;
const icon = 'node:n8n-nodes-base.httpRequest';

export const httpBasicAuth: ICredentialType = {
  name: 'httpBasicAuth',
  displayName: 'Basic Auth',
  documentationUrl: 'httpRequest',
  genericAuth: true,
  icon,
  properties: [
    { displayName: 'User', name: 'user', type: 'string', default: '' },
    { displayName: 'Password', name: 'password', type: 'string', typeOptions: password, default: '' },
  ],
  authenticate: { type: 'generic', properties: { auth: { username: '={{$credentials.user}}', password: '={{$credentials.password}}' } } },
};

export const httpDigestAuth: ICredentialType = {
  name: 'httpDigestAuth',
  displayName: 'Digest Auth',
  documentationUrl: 'httpRequest',
  genericAuth: true,
  icon,
  properties: [
    { displayName: 'User', name: 'user', type: 'string', default: '' },
    { displayName: 'Password', name: 'password', type: 'string', typeOptions: password, default: '' },
  ],
};

export const httpHeaderAuth: ICredentialType = {
  name: 'httpHeaderAuth',
  displayName: 'Header Auth',
  documentationUrl: 'httpRequest',
  genericAuth: true,
  icon,
  properties: [
    { displayName: 'Name', name: 'name', type: 'string', default: '' },
    { displayName: 'Value', name: 'value', type: 'string', typeOptions: password, default: '' },
  ],
  authenticate: { type: 'generic', properties: { headers: { '={{$credentials.name}}': '={{$credentials.value}}' } } },
};

export const httpQueryAuth: ICredentialType = {
  name: 'httpQueryAuth',
  displayName: 'Query Auth',
  documentationUrl: 'httpRequest',
  genericAuth: true,
  icon,
  properties: [
    { displayName: 'Name', name: 'name', type: 'string', default: '' },
    { displayName: 'Value', name: 'value', type: 'string', typeOptions: password, default: '' },
  ],
  authenticate: { type: 'generic', properties: { qs: { '={{$credentials.name}}': '={{$credentials.value}}' } } },
};

export const httpBearerAuth: ICredentialType = {
  name: 'httpBearerAuth',
  displayName: 'Bearer Auth',
  documentationUrl: 'httprequest',
  genericAuth: true,
  icon,
  properties: [
    { displayName: 'Bearer Token', name: 'token', type: 'string', typeOptions: password, default: '' },
    {
      displayName: 'This credential uses the "Authorization" header. To use a custom header, use a "Custom Auth" credential instead',
      name: 'useCustomAuth',
      type: 'notice',
      default: '',
    },
  ],
  authenticate: { type: 'generic', properties: { headers: { Authorization: '=Bearer {{$credentials.token}}' } } },
};

export const httpCustomAuth: ICredentialType = {
  name: 'httpCustomAuth',
  displayName: 'Custom Auth',
  documentationUrl: 'httpRequest',
  genericAuth: true,
  icon,
  properties: [
    {
      displayName: 'JSON',
      name: 'json',
      type: 'json',
      required: true,
      description: 'Use json to specify authentication values for headers, body and qs.',
      placeholder: '{ "headers": { "key" : "value" }, "body": { "key": "value" }, "qs": { "key": "value" } }',
      default: '',
    },
  ],
};
