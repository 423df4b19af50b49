// Chat and mail services: Slack, Discord, Telegram, Mailgun (n8n's slackApi, discordBotApi,
// telegramApi, mailgunApi). Telegram declares only a test: its node puts the token in the URL.
import type { ICredentialType } from '../../../model/credentialTypes.ts';

export const slackApi: ICredentialType = {
  name: 'slackApi',
  displayName: 'Slack API',
  documentationUrl: 'slack',
  properties: [
    { displayName: 'Access Token', name: 'accessToken', type: 'string', typeOptions: { password: true }, default: '', required: true },
    {
      displayName: 'Signature Secret',
      name: 'signatureSecret',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      description: 'The signature secret is used to verify the authenticity of requests sent by Slack.',
    },
    {
      displayName:
        'We strongly recommend setting up a <a href="https://docs.n8n.io/integrations/builtin/trigger-nodes/n8n-nodes-base.slacktrigger/#verify-the-webhook" target="_blank">signing secret</a> to ensure the authenticity of requests.',
      name: 'notice',
      type: 'notice',
      default: '',
      displayOptions: { show: { signatureSecret: [''] } },
    },
  ],
  authenticate: { type: 'generic', properties: { headers: { Authorization: '=Bearer {{$credentials.accessToken}}' } } },
  test: {
    request: { baseURL: 'https://slack.com', url: '/api/users.profile.get' },
    rules: [{ type: 'responseSuccessBody', properties: { key: 'error', value: 'invalid_auth', message: 'Invalid access token' } }],
  },
};

export const discordBotApi: ICredentialType = {
  name: 'discordBotApi',
  displayName: 'Discord Bot API',
  documentationUrl: 'discord',
  properties: [{ displayName: 'Bot Token', name: 'botToken', type: 'string', default: '', required: true, typeOptions: { password: true } }],
  authenticate: { type: 'generic', properties: { headers: { Authorization: '=Bot {{$credentials.botToken}}' } } },
  test: { request: { baseURL: 'https://discord.com/api/v10/', url: '/users/@me/guilds' } },
};

export const telegramApi: ICredentialType = {
  name: 'telegramApi',
  displayName: 'Telegram API',
  documentationUrl: 'telegram',
  properties: [
    {
      displayName: 'Access Token',
      name: 'accessToken',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      description: 'Chat with the <a href="https://telegram.me/botfather">bot father</a> to obtain the access token',
    },
  ],
  test: { request: { baseURL: '=https://api.telegram.org/bot{{$credentials.accessToken}}', url: '/getMe' } },
};

export const mailgunApi: ICredentialType = {
  name: 'mailgunApi',
  displayName: 'Mailgun API',
  documentationUrl: 'mailgun',
  properties: [
    {
      displayName: 'API Domain',
      name: 'apiDomain',
      type: 'options',
      options: [
        { name: 'api.eu.mailgun.net', value: 'api.eu.mailgun.net' },
        { name: 'api.mailgun.net', value: 'api.mailgun.net' },
      ],
      default: 'api.mailgun.net',
      description: 'The configured mailgun API domain',
    },
    { displayName: 'Email Domain', name: 'emailDomain', type: 'string', default: '' },
    { displayName: 'API Key', name: 'apiKey', type: 'string', typeOptions: { password: true }, default: '' },
  ],
  authenticate: { type: 'generic', properties: { auth: { username: 'api', password: '={{$credentials.apiKey}}' } } },
  test: { request: { baseURL: '=https://{{$credentials.apiDomain}}/v3', url: '/domains' } },
};
