// HTTP Request's generic auth types (its "Generic Auth Type" list), n8n's names and properties.
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
};
