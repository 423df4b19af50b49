// Credentials on an HTTP Request, as n8n applies them: Basic Auth becomes an Authorization: Basic
// header, Header Auth sets its header, Query Auth its query parameter. They are applied after the
// node's own headers and query, so the credential wins over a same-named parameter.
//   v1:    authentication 'basicAuth' | 'headerAuth' | 'queryAuth'
//   v2–4:  authentication 'genericCredentialType' with genericAuthType httpBasicAuth | httpHeaderAuth | httpQueryAuth
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import type { RequestSpec } from './send.ts';

const SUPPORTED = ['httpBasicAuth', 'httpHeaderAuth', 'httpQueryAuth'] as const;
type Supported = (typeof SUPPORTED)[number];

const V1_AUTH: Record<string, Supported> = { basicAuth: 'httpBasicAuth', headerAuth: 'httpHeaderAuth', queryAuth: 'httpQueryAuth' };

const NAMES: Record<string, string> = {
  httpDigestAuth: 'Digest Auth',
  digestAuth: 'Digest Auth',
  httpBearerAuth: 'Bearer Auth',
  httpCustomAuth: 'Custom Auth',
  oAuth1Api: 'OAuth1',
  oAuth1: 'OAuth1',
  oAuth2Api: 'OAuth2',
  oAuth2: 'OAuth2',
};

function unsupported(ctx: ExecuteFunctions, what: string, itemIndex: number): NodeOperationError {
  return new NodeOperationError(ctx.getNode(), `Authentication "${what}" is not supported yet`, {
    itemIndex,
    description: 'Switchyard sends Basic Auth, Header Auth and Query Auth credentials (Generic Credential Type). For other schemes, set the header or query parameter yourself.',
  });
}

/** The credential type a node's authentication parameters ask for; undefined = none. */
export function credentialTypeFor(ctx: ExecuteFunctions, itemIndex: number): Supported | undefined {
  const authentication = ctx.getNodeParameter('authentication', itemIndex, 'none') as string;
  if (!authentication || authentication === 'none') return undefined;
  if (ctx.getNode().typeVersion < 2 && authentication in V1_AUTH) return V1_AUTH[authentication];
  if (authentication === 'genericCredentialType') {
    const type = ctx.getNodeParameter('genericAuthType', itemIndex, '') as string;
    if ((SUPPORTED as readonly string[]).includes(type)) return type as Supported;
    if (!type) throw new NodeOperationError(ctx.getNode(), 'Generic Auth Type is not set', { itemIndex, description: 'Choose Basic Auth, Header Auth or Query Auth.' });
    throw unsupported(ctx, NAMES[type] ?? type, itemIndex);
  }
  if (authentication === 'predefinedCredentialType') {
    const type = ctx.getNodeParameter('nodeCredentialType', itemIndex, '') as string;
    throw unsupported(ctx, `Predefined Credential Type${type ? ` (${type})` : ''}`, itemIndex);
  }
  throw unsupported(ctx, NAMES[authentication] ?? authentication, itemIndex);
}

function setHeader(headers: Record<string, string>, name: string, value: string): void {
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
  headers[name] = value;
}

/** Reads the node's credential (if its authentication asks for one) and adds it to the request. */
export async function applyAuthentication(ctx: ExecuteFunctions, spec: RequestSpec, itemIndex: number): Promise<void> {
  const type = credentialTypeFor(ctx, itemIndex);
  if (!type) return;
  const credentials = await ctx.getCredentials(type);
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  if (type === 'httpBasicAuth') {
    setHeader(spec.headers, 'authorization', `Basic ${Buffer.from(`${text(credentials.user)}:${text(credentials.password)}`).toString('base64')}`);
    return;
  }
  const name = text(credentials.name);
  if (!name) {
    throw new NodeOperationError(ctx.getNode(), `The ${type === 'httpHeaderAuth' ? 'Header Auth' : 'Query Auth'} credential has no name set`, {
      itemIndex,
      description: `Set the ${type === 'httpHeaderAuth' ? 'header' : 'query parameter'} name in the credential.`,
    });
  }
  if (type === 'httpHeaderAuth') setHeader(spec.headers, name, text(credentials.value));
  else spec.qs = { ...(spec.qs ?? {}), [name]: text(credentials.value) };
}
