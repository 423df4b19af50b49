// OAuth credential types, as data with n8n's names and properties: the generic oAuth2Api and
// oAuth1Api (HTTP Request's "Generic Auth Type" list), and services that extend oAuth2Api by
// fixing its URLs, scope and client authentication in hidden properties, as n8n's do. How they
// authenticate is code, not `authenticate` data: the connect flow is src/server/oauth/, the
// request side src/engine/auth/oauth1.ts and oauth2.ts.
import type { ICredentialType } from '../../model/credentialTypes.ts';
import type { INodeProperties } from '../../model/nodeTypes.ts';

const password = { password: true } as const;
const icon = 'node:n8n-nodes-base.httpRequest';

export const OAUTH2_GRANT_TYPES = ['authorizationCode', 'clientCredentials', 'pkce'] as const;
export type OAuth2GrantType = (typeof OAUTH2_GRANT_TYPES)[number];

export const oAuth2Api: ICredentialType = {
  name: 'oAuth2Api',
  displayName: 'OAuth2 API',
  documentationUrl: 'httpRequest',
  genericAuth: true,
  icon,
  properties: [
    {
      displayName: 'Grant Type',
      name: 'grantType',
      type: 'options',
      options: [
        { name: 'Authorization Code', value: 'authorizationCode' },
        { name: 'Client Credentials', value: 'clientCredentials' },
        { name: 'PKCE', value: 'pkce' },
      ],
      default: 'authorizationCode',
    },
    {
      displayName: 'Authorization URL',
      name: 'authUrl',
      type: 'string',
      displayOptions: { show: { grantType: ['authorizationCode', 'pkce'] } },
      default: '',
      required: true,
    },
    { displayName: 'Access Token URL', name: 'accessTokenUrl', type: 'string', default: '', required: true },
    { displayName: 'Client ID', name: 'clientId', type: 'string', default: '', required: true },
    { displayName: 'Client Secret', name: 'clientSecret', type: 'string', typeOptions: password, default: '', required: true },
    { displayName: 'Scope', name: 'scope', type: 'string', default: '' },
    {
      displayName: 'Auth URI Query Parameters',
      name: 'authQueryParameters',
      type: 'string',
      displayOptions: { show: { grantType: ['authorizationCode', 'pkce'] } },
      default: '',
      description: 'For some services additional query parameters have to be set which can be defined here',
      placeholder: 'access_type=offline',
    },
    {
      displayName: 'Authentication',
      name: 'authentication',
      type: 'options',
      options: [
        { name: 'Body', value: 'body', description: 'Send credentials in body' },
        { name: 'Header', value: 'header', description: 'Send credentials as Basic Auth header' },
      ],
      default: 'header',
    },
    {
      displayName: 'Send Additional Body Properties',
      name: 'sendAdditionalBodyProperties',
      type: 'boolean',
      default: false,
      displayOptions: { show: { grantType: ['clientCredentials'], authentication: ['body'] } },
    },
    {
      displayName: 'Additional Body Properties',
      name: 'additionalBodyProperties',
      type: 'json',
      typeOptions: { rows: 5 },
      displayOptions: { show: { grantType: ['clientCredentials'], authentication: ['body'], sendAdditionalBodyProperties: [true] } },
      default: '',
    },
    {
      displayName: 'Token Expired Status Code',
      name: 'tokenExpiredStatusCode',
      type: 'number',
      default: 401,
      description: 'HTTP status code that indicates the token has expired. Some APIs return 403 instead of 401.',
    },
  ] as INodeProperties[],
};

export const oAuth1Api: ICredentialType = {
  name: 'oAuth1Api',
  displayName: 'OAuth1 API',
  documentationUrl: 'httpRequest',
  genericAuth: true,
  icon,
  properties: [
    { displayName: 'Authorization URL', name: 'authUrl', type: 'string', default: '', required: true },
    { displayName: 'Access Token URL', name: 'accessTokenUrl', type: 'string', default: '', required: true },
    { displayName: 'Consumer Key', name: 'consumerKey', type: 'string', default: '', required: true },
    { displayName: 'Consumer Secret', name: 'consumerSecret', type: 'string', typeOptions: password, default: '', required: true },
    { displayName: 'Request Token URL', name: 'requestTokenUrl', type: 'string', default: '', required: true },
    {
      displayName: 'Signature Method',
      name: 'signatureMethod',
      type: 'options',
      options: [
        { name: 'HMAC-SHA1', value: 'HMAC-SHA1' },
        { name: 'HMAC-SHA256', value: 'HMAC-SHA256' },
        { name: 'HMAC-SHA512', value: 'HMAC-SHA512' },
      ],
      default: '',
      required: true,
    },
  ] as INodeProperties[],
};

/** A service's fixed value: a hidden property the user neither sees nor changes. */
function hidden(displayName: string, name: string, value: string): INodeProperties {
  return { displayName, name, type: 'hidden', default: value } as INodeProperties;
}

export const googleOAuth2Api: ICredentialType = {
  name: 'googleOAuth2Api',
  extends: ['oAuth2Api'],
  displayName: 'Google OAuth2 API',
  documentationUrl: 'google/oauth-generic',
  icon: 'file:icons/Google.svg',
  properties: [
    hidden('Grant Type', 'grantType', 'authorizationCode'),
    hidden('Authorization URL', 'authUrl', 'https://accounts.google.com/o/oauth2/v2/auth'),
    hidden('Access Token URL', 'accessTokenUrl', 'https://oauth2.googleapis.com/token'),
    hidden('Auth URI Query Parameters', 'authQueryParameters', 'access_type=offline&prompt=consent'),
    hidden('Authentication', 'authentication', 'body'),
  ],
};

export const githubOAuth2Api: ICredentialType = {
  name: 'githubOAuth2Api',
  extends: ['oAuth2Api'],
  displayName: 'GitHub OAuth2 API',
  documentationUrl: 'github',
  properties: [
    hidden('Grant Type', 'grantType', 'authorizationCode'),
    {
      displayName: 'Github Server',
      name: 'server',
      type: 'string',
      default: 'https://api.github.com',
      description: 'The server to connect to. Only has to be set if Github Enterprise is used.',
    } as INodeProperties,
    hidden('Authorization URL', 'authUrl', 'https://github.com/login/oauth/authorize'),
    hidden('Access Token URL', 'accessTokenUrl', 'https://github.com/login/oauth/access_token'),
    hidden('Scope', 'scope', 'repo,admin:repo_hook,admin:org,admin:org_hook,gist,notifications,user,write:packages,read:packages,delete:packages,workflow'),
    hidden('Auth URI Query Parameters', 'authQueryParameters', ''),
    hidden('Authentication', 'authentication', 'header'),
  ],
};

export const slackOAuth2Api: ICredentialType = {
  name: 'slackOAuth2Api',
  extends: ['oAuth2Api'],
  displayName: 'Slack OAuth2 API',
  documentationUrl: 'slack',
  properties: [
    hidden('Grant Type', 'grantType', 'authorizationCode'),
    hidden('Authorization URL', 'authUrl', 'https://slack.com/oauth/v2/authorize'),
    hidden('Access Token URL', 'accessTokenUrl', 'https://slack.com/api/oauth.v2.access'),
    hidden('Scope', 'scope', 'chat:write'),
    hidden(
      'Auth URI Query Parameters',
      'authQueryParameters',
      'user_scope=channels:read channels:write chat:write files:read files:write groups:read im:read mpim:read reactions:read reactions:write stars:read stars:write usergroups:write usergroups:read users.profile:read users.profile:write users:read',
    ),
    hidden('Authentication', 'authentication', 'body'),
  ],
};

export const notionOAuth2Api: ICredentialType = {
  name: 'notionOAuth2Api',
  extends: ['oAuth2Api'],
  displayName: 'Notion OAuth2 API',
  documentationUrl: 'notion',
  properties: [
    hidden('Grant Type', 'grantType', 'authorizationCode'),
    hidden('Authorization URL', 'authUrl', 'https://api.notion.com/v1/oauth/authorize'),
    hidden('Access Token URL', 'accessTokenUrl', 'https://api.notion.com/v1/oauth/token'),
    hidden('Scope', 'scope', ''),
    hidden('Auth URI Query Parameters', 'authQueryParameters', 'owner=user'),
    hidden('Authentication', 'authentication', 'header'),
  ],
};

export const microsoftOAuth2Api: ICredentialType = {
  name: 'microsoftOAuth2Api',
  extends: ['oAuth2Api'],
  displayName: 'Microsoft OAuth2 API',
  documentationUrl: 'microsoft',
  properties: [
    hidden('Grant Type', 'grantType', 'authorizationCode'),
    // The tenant is part of the URLs: 'common' works for most accounts; change it for single-tenant apps.
    { displayName: 'Authorization URL', name: 'authUrl', type: 'string', default: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize' } as INodeProperties,
    { displayName: 'Access Token URL', name: 'accessTokenUrl', type: 'string', default: 'https://login.microsoftonline.com/common/oauth2/v2.0/token' } as INodeProperties,
    hidden('Auth URI Query Parameters', 'authQueryParameters', 'response_mode=query'),
    hidden('Authentication', 'authentication', 'body'),
  ],
};

export const OAUTH_CREDENTIAL_TYPES: readonly ICredentialType[] = [oAuth2Api, oAuth1Api, googleOAuth2Api, githubOAuth2Api, slackOAuth2Api, notionOAuth2Api, microsoftOAuth2Api];
