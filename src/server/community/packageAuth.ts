// Credential types of community packages whose authentication is package code: a function
// `authenticate` (credentials, request) → request, and `preAuthentication` (n8n's way to fetch a
// session token into a credential's `expirable` field before its requests). Both run in the
// package host; the request is then sent by the engine's HTTP client. A token preAuthentication
// got is kept in this server's memory for that credential (n8n writes it into the stored
// credential), fetched again when a request answers 401.
import type { IDataObject } from '../../model/workflow.ts';
import type { ExecuteFunctions, HttpRequestOptions } from '../../nodes/types.ts';
import { credentialType } from '../../nodes/credentials/registry.ts';
import { applyGenericAuthenticate } from '../../engine/auth/generic.ts';
import { DEFAULT_MAX_STEPS } from '../../model/expressions/index.ts';
import { defaultHttpRequest } from '../../engine/http.ts';
import type { AuthRequestOptions } from '../../engine/auth/index.ts';
import type { PackageHost } from './PackageHost.ts';

type FunctionRef = { $hostFunction: number };
const isRef = (v: unknown): v is FunctionRef => typeof v === 'object' && v !== null && '$hostFunction' in v;
interface PackageCredentialType {
  displayName?: string;
  authenticate?: unknown;
  preAuthentication?: unknown;
  properties?: Array<{ name: string; typeOptions?: { expirable?: boolean } }>;
}

/** The host of the installed packages (set by CommunityPackages), for credential tests. */
let installedHost: PackageHost | undefined;
export function setPackageAuthHost(host: PackageHost | undefined): void {
  installedHost = host;
}

/**
 * For POST /credentials/test: a package credential type whose authentication is package code
 * gets its test request authenticated here (preAuthentication run fresh, then authenticate);
 * undefined for every other type (the engine authenticates those).
 */
export async function authenticateTestRequest(typeName: string, credentials: IDataObject, request: AuthRequestOptions, signal: AbortSignal): Promise<AuthRequestOptions | undefined> {
  if (!installedHost || !needsPackageAuth(typeName)) return undefined;
  const host = installedHost;
  const type = credentialType(typeName) as PackageCredentialType;
  const call = (ref: FunctionRef, args: unknown[]) =>
    host.request({ kind: 'function', fn: ref.$hostFunction, args }, `credential type "${typeName}"`, {
      signal,
      onCall: async (method, a) => {
        if (method !== 'httpRequest') throw new Error(`${method} is not available to a credential type's functions`);
        const o = a[0] as HttpRequestOptions & { returnFullResponse?: boolean };
        const response = await defaultHttpRequest(plainOptions(o), signal);
        return o.returnFullResponse ? response : response.body;
      },
    });
  const expirable = (type.properties ?? []).find((p) => p.typeOptions?.expirable);
  let values = credentials;
  if (isRef(type.preAuthentication) && expirable && !credentials[expirable.name]) values = { ...credentials, ...(((await call(type.preAuthentication, [credentials])) ?? {}) as IDataObject) };
  let out: AuthRequestOptions = { ...request, headers: { ...(request.headers ?? {}) } };
  if (isRef(type.authenticate)) out = ((await call(type.authenticate, [values, out])) ?? out) as AuthRequestOptions;
  else if ((type.authenticate as { type?: string } | undefined)?.type === 'generic') applyGenericAuthenticate(type.authenticate as never, values, out, { expressionSteps: DEFAULT_MAX_STEPS });
  return out;
}

/** True when sending with this credential type runs package code. */
export function needsPackageAuth(typeName: string): boolean {
  const type = credentialType(typeName) as PackageCredentialType | undefined;
  return !!type && (isRef(type.authenticate) || isRef(type.preAuthentication));
}

const MAX_TOKENS = 1000;
const tokens = new Map<string, IDataObject>();

/** A plain request's options as the engine's: a base URL joined, Basic credentials as a header. */
export function plainOptions(o: HttpRequestOptions & { baseURL?: string; auth?: { username?: string; password?: string } }): HttpRequestOptions {
  const { baseURL, auth, ...rest } = o;
  let url = rest.url;
  if (baseURL && !/^https?:\/\//i.test(url)) url = `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  const headers = { ...(rest.headers ?? {}) };
  if (auth) headers.authorization = `Basic ${Buffer.from(`${auth.username ?? ''}:${auth.password ?? ''}`).toString('base64')}`;
  return { ...rest, url, headers };
}

/** Authenticates `options` with the node's credential of `typeName` through package code and sends it. */
export async function sendWithPackageAuth(host: PackageHost, ctx: ExecuteFunctions, typeName: string, options: HttpRequestOptions & { baseURL?: string }): Promise<unknown> {
  const type = credentialType(typeName) as PackageCredentialType;
  const credentials = (await ctx.getCredentials(typeName)) as IDataObject;
  const what = `credential type "${typeName}"`;
  const call = (ref: FunctionRef, args: unknown[]) =>
    host.request({ kind: 'function', fn: ref.$hostFunction, args }, what, {
      onCall: async (method, a) => {
        if (method === 'httpRequest') return ctx.helpers.httpRequest(plainOptions(a[0] as HttpRequestOptions));
        throw new Error(`${method} is not available to a credential type's functions`);
      },
    });
  const expirable = (type.properties ?? []).find((p) => p.typeOptions?.expirable);
  const key = `${typeName}\0${JSON.stringify(credentials)}`;
  const withToken = async (fresh: boolean): Promise<IDataObject> => {
    if (!isRef(type.preAuthentication) || !expirable || (!fresh && credentials[expirable.name])) return credentials;
    let extra = fresh ? undefined : tokens.get(key);
    if (!extra) {
      extra = ((await call(type.preAuthentication, [credentials])) ?? {}) as IDataObject;
      if (tokens.size >= MAX_TOKENS) tokens.delete(tokens.keys().next().value!);
      tokens.set(key, extra);
    }
    return { ...credentials, ...extra };
  };
  const attempt = async (fresh: boolean) => {
    const values = await withToken(fresh);
    let request: HttpRequestOptions & { baseURL?: string } = { ...options, headers: { ...(options.headers ?? {}) } };
    if (isRef(type.authenticate)) request = ((await call(type.authenticate, [values, request])) ?? request) as typeof request;
    else if ((type.authenticate as { type?: string } | undefined)?.type === 'generic') applyGenericAuthenticate(type.authenticate as never, values, request as never, { expressionSteps: DEFAULT_MAX_STEPS });
    return ctx.helpers.httpRequest(plainOptions(request));
  };
  try {
    return await attempt(false);
  } catch (e) {
    // n8n: an expired session answers 401; preAuthentication runs again and the request is repeated once.
    if (isRef(type.preAuthentication) && expirable && !credentials[expirable.name] && (e as { httpCode?: string }).httpCode === '401') {
      tokens.delete(key);
      return attempt(true);
    }
    throw e;
  }
}
