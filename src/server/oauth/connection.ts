// Which credentials are OAuth ones and how connected they are (spec 002 §4: OAuth 1 types, and
// OAuth 2 types whose grant type is the authorization code — PKCE is one too; client credentials
// need no user to connect). The oauthTokenData column holds the encrypted token data, null when
// never connected, or the plain marker 'reconnect' after the provider refused a refresh (the old
// tokens are useless then, and the list tells the state without decrypting anything).
import type { OAuthConnection } from '../../model/credentialTypes.ts';
import { credentialType, credentialTypeChain } from '../../nodes/credentials/registry.ts';

export const OAUTH_RECONNECT = 'reconnect';

export type OAuthKind = 'oauth1' | 'oauth2';

/** The OAuth family of a credential type, from what it extends. */
export function oauthFamily(typeName: string): OAuthKind | undefined {
  const chain = credentialTypeChain(typeName);
  if (chain.includes('oAuth2Api')) return 'oauth2';
  if (chain.includes('oAuth1Api')) return 'oauth1';
  return undefined;
}

/** The grant type a credential uses: its own value, else its type's default (hidden for services). */
export function grantTypeOf(typeName: string, data: Record<string, unknown>): string {
  const own = data.grantType;
  if (typeof own === 'string' && own !== '') return own;
  const p = credentialType(typeName)?.properties.find((x) => x.name === 'grantType');
  return typeof p?.default === 'string' ? p.default : 'authorizationCode';
}

/** Whether the user connects this credential in a popup (OAuth 1, OAuth 2 authorization code / PKCE). */
export function connectsByUser(typeName: string, data: Record<string, unknown>): OAuthKind | undefined {
  const family = oauthFamily(typeName);
  if (family === 'oauth2') {
    const grant = grantTypeOf(typeName, data);
    return grant === 'authorizationCode' || grant === 'pkce' ? 'oauth2' : undefined;
  }
  return family;
}

export function connectionOf(storedColumn: string | null): OAuthConnection {
  if (storedColumn === null || storedColumn === '') return 'notConnected';
  return storedColumn === OAUTH_RECONNECT ? 'reconnect' : 'connected';
}
