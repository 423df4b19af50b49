// The OAuth rules of the credential modal (spec 002 §4), over the types GET /credential-types
// answers: a type is OAuth 1 or 2 when oAuth1Api / oAuth2Api is in its `extends` chain; an
// OAuth 2 credential counts as OAuth (a Connect button, tokens) only when its grant type is the
// authorization code (with or without PKCE) — client credentials need no user consent. Pure.
import type { ICredentialType } from '../../model/credentialTypes.ts';

/** The type and every type it extends, nearest first (as the registry's credentialTypeChain). */
export function typeChain(name: string, types: readonly ICredentialType[]): string[] {
  const byName = new Map(types.map((t) => [t.name, t]));
  const out: string[] = [];
  const walk = (n: string) => {
    if (out.includes(n)) return;
    out.push(n);
    for (const parent of byName.get(n)?.extends ?? []) walk(parent);
  };
  walk(name);
  return out;
}

export function oauthVersion(type: ICredentialType, types: readonly ICredentialType[]): 1 | 2 | undefined {
  const chain = typeChain(type.name, types);
  if (chain.includes('oAuth2Api')) return 2;
  if (chain.includes('oAuth1Api')) return 1;
  return undefined;
}

/** Grant types that send the user to the provider (n8n's 'authorizationCode' and 'pkce'). */
const CONSENT_GRANTS = new Set(['authorizationCode', 'pkce']);

/** The grant type the credential uses: its value, else the property's default. */
export function grantType(type: ICredentialType, data: Record<string, unknown>): string | undefined {
  const v = data.grantType ?? type.properties.find((p) => p.name === 'grantType')?.default;
  return typeof v === 'string' ? v : undefined;
}

/** Spec 002 §4: OAuth 1 always; OAuth 2 only with the authorization-code grant (PKCE too). */
export function isOAuthCredential(type: ICredentialType, types: readonly ICredentialType[], data: Record<string, unknown>): boolean {
  const version = oauthVersion(type, types);
  if (version === 1) return true;
  if (version === 2) return CONSENT_GRANTS.has(grantType(type, data) ?? 'authorizationCode');
  return false;
}

/** Google's OAuth types get Google's 'Sign in with Google' button (spec 002 §2). */
export function isGoogleOAuth(type: ICredentialType, types: readonly ICredentialType[]): boolean {
  return typeChain(type.name, types).includes('googleOAuth2Api');
}

/** Spec 002 §4: the oauth2 callback URL for OAuth 2 types, otherwise the oauth1 one. */
export function oauthCallbackUrl(version: 1 | 2, urls: { oauth1: string; oauth2: string } | undefined): string | undefined {
  if (!urls) return undefined;
  return version === 2 ? urls.oauth2 : urls.oauth1;
}

/** The message an OAuth popup posts to its opener when the provider said yes. */
export const OAUTH_SUCCESS_MESSAGE = 'success';
/** Spec 002 §9. */
export const OAUTH_POPUP = { width: 500, height: 700 } as const;
