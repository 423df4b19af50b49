// Credentials calls (spec 002 §7). Answers carry data only for GET /credentials/{id}?includeData=true.
import type { ICredentialType, OAuthConnection } from '../../model/credentialTypes.ts';
import { request } from './client.ts';

export type CredentialData = Record<string, string | number | boolean | null>;

export interface CredentialListItem {
  id: string;
  name: string;
  type: string;
  nodesAccess: Array<{ nodeType: string; date?: string }>;
  /** The user it belongs to: a workflow may use only its owner's credentials. */
  ownerId?: string | null;
  createdAt: string;
  updatedAt: string;
  data?: CredentialData;
  /** OAuth types only: whether tokens are stored (never the tokens themselves). */
  oauth?: OAuthConnection;
}

export interface CredentialWrite {
  name?: string;
  type?: string;
  nodesAccess?: Array<{ nodeType: string }>;
  data?: CredentialData;
}

export interface CredentialTestResult {
  status: 'OK' | 'Error';
  message: string;
}

/** GET /credential-types */
export function getCredentialTypes(): Promise<ICredentialType[]> {
  return request('GET', '/credential-types');
}

/** GET /credentials/new — a free name starting from `name`. */
export async function getNewCredentialName(name?: string): Promise<string> {
  return (await request<{ name: string }>('GET', '/credentials/new', { query: { name } })).name;
}

/** GET /credentials (optionally of one type). */
export function getCredentials(filter?: { type?: string }): Promise<CredentialListItem[]> {
  return request('GET', '/credentials', { query: filter ? { filter: JSON.stringify(filter) } : undefined });
}

/** GET /credentials/{id}?includeData=true */
export function getCredential(id: string, includeData = false): Promise<CredentialListItem> {
  return request('GET', `/credentials/${encodeURIComponent(id)}`, { query: { includeData } });
}

/** POST /credentials */
export function createCredential(body: Required<Pick<CredentialWrite, 'name' | 'type'>> & CredentialWrite): Promise<CredentialListItem> {
  return request('POST', '/credentials', { body });
}

/** PATCH /credentials/{id} */
export function updateCredential(id: string, body: CredentialWrite): Promise<CredentialListItem> {
  return request('PATCH', `/credentials/${encodeURIComponent(id)}`, { body });
}

/** DELETE /credentials/{id} */
export function deleteCredential(id: string): Promise<unknown> {
  return request('DELETE', `/credentials/${encodeURIComponent(id)}`);
}

/** POST /credentials/test */
export function testCredential(credentials: { id?: string; name?: string; type: string; data: CredentialData }): Promise<CredentialTestResult> {
  return request('POST', '/credentials/test', { body: { credentials } });
}

/** GET /oauth1-credential/auth or /oauth2-credential/auth: the provider's authorization URL for a stored credential. */
export function getOAuthAuthorizationUrl(version: 1 | 2, id: string): Promise<string> {
  return request('GET', `/oauth${version}-credential/auth`, { query: { id } });
}
