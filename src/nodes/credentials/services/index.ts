// Predefined service credential types (HTTP Request's "Predefined Credential Type", and any node
// that calls helpers.httpRequestWithAuthentication with them): n8n's names, properties and
// declared `authenticate` / `test`, as data. OAuth service types live with the OAuth types.
import type { ICredentialType } from '../../../model/credentialTypes.ts';
import { airtableTokenApi, hubspotAppToken, openAiApi, pipedriveApi, stripeApi } from './business.ts';
import { githubApi, gitlabApi, linearApi } from './developer.ts';
import { discordBotApi, mailgunApi, slackApi, telegramApi } from './messaging.ts';

export const SERVICE_CREDENTIAL_TYPES: readonly ICredentialType[] = [
  airtableTokenApi,
  discordBotApi,
  githubApi,
  gitlabApi,
  hubspotAppToken,
  linearApi,
  mailgunApi,
  openAiApi,
  pipedriveApi,
  slackApi,
  stripeApi,
  telegramApi,
];
