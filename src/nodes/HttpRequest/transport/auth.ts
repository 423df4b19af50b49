// Which credential an HTTP Request authenticates with, and getting it ready; the request is then
// sent through the engine's authentication module (src/engine/auth, via
// ctx.helpers.httpRequestWithAuthentication), which applies the credential after the node's own
// headers, query and body, so the credential wins over a same-named parameter.
//   v1:    authentication 'basicAuth' | 'digestAuth' | 'headerAuth' | 'queryAuth' | 'oAuth1' | 'oAuth2'
//   v2–4:  'genericCredentialType' with genericAuthType (any type with genericAuth: Basic, Digest,
//          Header, Query, Bearer, Custom Auth; OAuth1 / OAuth2 API), or
//          'predefinedCredentialType' with nodeCredentialType (a service's type, e.g. githubApi,
//          authenticated as that type's `authenticate` declares)
import { credentialType } from '../../credentials/registry.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import { assertSchemeSupported, checkAuthentication } from '../../../engine/auth/index.ts';
import type { RequestSpec } from './send.ts';

const V1_AUTH: Record<string, string> = {
  basicAuth: 'httpBasicAuth',
  digestAuth: 'httpDigestAuth',
  headerAuth: 'httpHeaderAuth',
  queryAuth: 'httpQueryAuth',
  oAuth1: 'oAuth1Api',
  oAuth2: 'oAuth2Api',
};

/** The OAuth base types, offered by both lists whether or not a service type extends them. */
const OAUTH_BASES = new Set(['oAuth1Api', 'oAuth2Api']);

/**
 * The credential type a node's authentication parameters ask for; undefined = none. Fails
 * (before anything is read or sent) for a value no credential type answers, or a scheme this
 * engine cannot send yet.
 */
export function credentialTypeFor(ctx: ExecuteFunctions, itemIndex: number): string | undefined {
  const node = ctx.getNode();
  const authentication = ctx.getNodeParameter('authentication', itemIndex, 'none') as string;
  if (!authentication || authentication === 'none') return undefined;
  let type: string;
  if (node.typeVersion < 2) {
    if (!(authentication in V1_AUTH)) throw new NodeOperationError(node, `Authentication "${authentication}" is not supported`, { itemIndex });
    type = V1_AUTH[authentication];
  } else if (authentication === 'genericCredentialType') {
    type = ctx.getNodeParameter('genericAuthType', itemIndex, '') as string;
    if (!type) throw new NodeOperationError(node, 'Generic Auth Type is not set', { itemIndex, description: 'Choose a Generic Auth Type (Basic, Bearer, Digest, Header, Query or Custom Auth).' });
    if (!OAUTH_BASES.has(type) && !credentialType(type)?.genericAuth) {
      throw new NodeOperationError(node, `"${type}" is not a Generic Auth Type`, { itemIndex, description: 'Choose one of the Generic Auth Type list, or use Predefined Credential Type for a service.' });
    }
  } else if (authentication === 'predefinedCredentialType') {
    type = ctx.getNodeParameter('nodeCredentialType', itemIndex, '') as string;
    if (!type) throw new NodeOperationError(node, 'Credential Type is not set', { itemIndex, description: 'Choose the service whose credential type the request uses.' });
    if (!OAUTH_BASES.has(type) && !credentialType(type)) {
      throw new NodeOperationError(node, `Credential type "${type}" is not known`, { itemIndex, description: 'Choose a credential type from the Credential Type list.' });
    }
  } else {
    throw new NodeOperationError(node, `Authentication "${authentication}" is not supported`, { itemIndex });
  }
  assertSchemeSupported(type, { node });
  return type;
}

/** Reads the node's credential (if its authentication asks for one), checks it and attaches it to the request. */
export async function applyAuthentication(ctx: ExecuteFunctions, spec: RequestSpec, itemIndex: number): Promise<void> {
  const type = credentialTypeFor(ctx, itemIndex);
  if (!type) return;
  const credentials = await ctx.getCredentials(type);
  try {
    checkAuthentication(type, credentials, { node: ctx.getNode() });
  } catch (e) {
    if (e instanceof NodeOperationError) {
      e.itemIndex = itemIndex;
      e.context.itemIndex = itemIndex;
    }
    throw e;
  }
  spec.authentication = { type, credentials };
}
