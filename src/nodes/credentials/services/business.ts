// AI, payments, data and CRM services: OpenAI, Stripe, Airtable, HubSpot, Pipedrive (n8n's
// openAiApi, stripeApi, airtableTokenApi, hubspotAppToken, pipedriveApi). Pipedrive
// authenticates with a query parameter and declares no test.
import type { ICredentialType } from '../../../model/credentialTypes.ts';

export const openAiApi: ICredentialType = {
  name: 'openAiApi',
  displayName: 'OpenAi',
  documentationUrl: 'openAi',
  properties: [
    { displayName: 'API Key', name: 'apiKey', type: 'string', typeOptions: { password: true }, required: true, default: '' },
    {
      displayName: 'Organization ID',
      name: 'organizationId',
      type: 'string',
      default: '',
      description:
        "For users who belong to multiple organizations, you can set which organization is used for an API request. Usage from these API requests will count against the specified organization's subscription quota.",
    },
  ],
  authenticate: {
    type: 'generic',
    properties: { headers: { Authorization: '=Bearer {{$credentials.apiKey}}', 'OpenAI-Organization': '={{$credentials.organizationId}}' } },
  },
  test: { request: { baseURL: 'https://api.openai.com', url: '/v1/models' } },
};

export const stripeApi: ICredentialType = {
  name: 'stripeApi',
  displayName: 'Stripe API',
  documentationUrl: 'stripe',
  properties: [
    { displayName: 'Secret Key', name: 'secretKey', type: 'string', typeOptions: { password: true }, default: '' },
    {
      displayName: 'Signature Secret',
      name: 'signatureSecret',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      description: 'The signature secret is used to verify the authenticity of requests sent by Stripe.',
    },
    {
      displayName:
        'We strongly recommend setting up a <a href="https://stripe.com/docs/webhooks" target="_blank">signing secret</a> to ensure the authenticity of requests.',
      name: 'notice',
      type: 'notice',
      default: '',
      displayOptions: { show: { signatureSecret: [''] } },
    },
  ],
  authenticate: { type: 'generic', properties: { headers: { Authorization: '=Bearer {{$credentials.secretKey}}' } } },
  // n8n's test also says json: true; the answer is JSON either way.
  test: { request: { baseURL: 'https://api.stripe.com/v1', url: '/charges' } },
};

export const airtableTokenApi: ICredentialType = {
  name: 'airtableTokenApi',
  displayName: 'Airtable Personal Access Token API',
  documentationUrl: 'airtable',
  properties: [{ displayName: 'Access Token', name: 'accessToken', type: 'string', typeOptions: { password: true }, default: '' }],
  authenticate: { type: 'generic', properties: { headers: { Authorization: '=Bearer {{$credentials.accessToken}}' } } },
  // n8n declares the base URL alone (no url).
  test: { request: { baseURL: 'https://api.airtable.com/v0/meta/whoami', url: '' } },
};

export const hubspotAppToken: ICredentialType = {
  name: 'hubspotAppToken',
  displayName: 'HubSpot App Token',
  documentationUrl: 'hubspot',
  properties: [{ displayName: 'APP Token', name: 'appToken', type: 'string', typeOptions: { password: true }, default: '' }],
  authenticate: { type: 'generic', properties: { headers: { Authorization: '=Bearer {{$credentials.appToken}}' } } },
  test: { request: { baseURL: 'https://api.hubapi.com', url: '/account-info/v3/details' } },
};

export const pipedriveApi: ICredentialType = {
  name: 'pipedriveApi',
  displayName: 'Pipedrive API',
  documentationUrl: 'pipedrive',
  properties: [{ displayName: 'API Token', name: 'apiToken', type: 'string', typeOptions: { password: true }, default: '' }],
  authenticate: { type: 'generic', properties: { qs: { api_token: '={{$credentials.apiToken}}' } } },
};
