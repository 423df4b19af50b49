// Code hosting and issue trackers: GitHub, GitLab, Linear (n8n's githubApi, gitlabApi, linearApi).
import type { ICredentialType } from '../../../model/credentialTypes.ts';

export const githubApi: ICredentialType = {
  name: 'githubApi',
  displayName: 'GitHub API',
  documentationUrl: 'github',
  properties: [
    {
      displayName: 'Github Server',
      name: 'server',
      type: 'string',
      default: 'https://api.github.com',
      description: 'The server to connect to. Only has to be set if Github Enterprise is used.',
    },
    { displayName: 'User', name: 'user', type: 'string', default: '' },
    { displayName: 'Access Token', name: 'accessToken', type: 'string', typeOptions: { password: true }, default: '' },
  ],
  authenticate: { type: 'generic', properties: { headers: { Authorization: '=token {{$credentials?.accessToken}}' } } },
  test: { request: { baseURL: '={{$credentials?.server}}', url: '/user', method: 'GET' } },
};

export const gitlabApi: ICredentialType = {
  name: 'gitlabApi',
  displayName: 'GitLab API',
  documentationUrl: 'gitlab',
  properties: [
    { displayName: 'Gitlab Server', name: 'server', type: 'string', default: 'https://gitlab.com' },
    { displayName: 'Access Token', name: 'accessToken', type: 'string', typeOptions: { password: true }, default: '' },
  ],
  authenticate: { type: 'generic', properties: { headers: { 'Private-Token': '={{$credentials.accessToken}}' } } },
  test: { request: { baseURL: '={{$credentials.server.replace(new RegExp("/$"), "") + "/api/v4" }}', url: '/users' } },
};

export const linearApi: ICredentialType = {
  name: 'linearApi',
  displayName: 'Linear API',
  documentationUrl: 'linear',
  properties: [
    { displayName: 'API Key', name: 'apiKey', type: 'string', typeOptions: { password: true }, default: '' },
    {
      displayName: 'Signing Secret',
      name: 'signingSecret',
      type: 'string',
      typeOptions: { password: true },
      default: '',
      description: 'The signing secret is used to verify the authenticity of webhook requests sent by Linear.',
    },
  ],
  authenticate: { type: 'generic', properties: { headers: { Authorization: '={{$credentials.apiKey}}' } } },
};
