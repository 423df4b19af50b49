// The shape of a credential type (spec 002 §3 "Credential type"), n8n's, with n8n's names, so
// credentials and their types move between the two; the built-in types themselves are data in
// src/nodes/credentials/ (registry.ts). Pure: shared by the server, the engine and the editor.
import type { INodeProperties } from './nodeTypes.ts';

/**
 * How a credential type authenticates a request, as n8n's IAuthenticateGeneric: each value may be
 * an expression over `$credentials` (e.g. `={{'Bearer ' + $credentials.accessToken}}`).
 */
export interface IAuthenticateGeneric {
  type: 'generic';
  properties: {
    auth?: { username?: string; password?: string };
    headers?: Record<string, string>;
    qs?: Record<string, string>;
    body?: Record<string, string>;
  };
}

/** A request option set as n8n's IHttpRequestOptions, the subset credential tests use. */
export interface ICredentialTestHttpRequest {
  baseURL?: string;
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  headers?: Record<string, string>;
  qs?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** A rule that turns a test response into a failure (n8n's ICredentialTestRequest rules). */
export type ICredentialTestRule =
  | { type: 'responseCode'; properties: { value: number; message: string } }
  | { type: 'responseSuccessBody'; properties: { key: string; value: unknown; message: string } };

/** How POST /credentials/test checks a credential of this type: one authenticated request. */
export interface ICredentialTestRequest {
  request: ICredentialTestHttpRequest;
  rules?: ICredentialTestRule[];
}

export interface ICredentialType {
  name: string;
  displayName: string;
  description?: string;
  documentationUrl?: string;
  icon?: string;
  /** Parent types whose properties this one inherits (oAuth2Api for Google, …), n8n's order. */
  extends?: string[];
  /** Usable as HTTP Request's "Generic Auth Type". */
  genericAuth?: boolean;
  properties: INodeProperties[];
  /** How a request is authenticated with it; absent for schemes handled in code (OAuth, digest). */
  authenticate?: IAuthenticateGeneric;
  /** How the connection test checks it; absent = not testable by request. */
  test?: ICredentialTestRequest;
  /** Node types offered in 'Allow use by' and allowed by default (n8n's supportedNodes). */
  supportedNodes?: string[];
}

/**
 * An OAuth connection's state, as the credentials list and GET /credentials/{id} report it for
 * OAuth 1 and authorization-code OAuth 2 credentials: tokens stored, none yet, or a refresh the
 * provider refused (the user must connect again).
 */
export type OAuthConnection = 'connected' | 'notConnected' | 'reconnect';

/** Spec 002 §9. */
export const MAX_CREDENTIAL_NAME_LENGTH = 64;
/** Name GET /credentials/new starts from when none is asked for (n8n's default). */
export const DEFAULT_CREDENTIAL_NAME = 'My credentials';
/** n8n's placeholder for "keep the stored value" in an update (redacted password fields). */
export const CREDENTIAL_BLANK_VALUE = '__n8n_BLANK_VALUE_e5362baf-c777-4d57-a609-6eaf1f9e87f6';

/** Names of the properties shown as passwords (never written to logs or error messages). */
export function secretProperties(type: ICredentialType): string[] {
  return type.properties.filter((p) => p.typeOptions?.password).map((p) => p.name);
}
