// Credential types Switchyard knows (spec 002 §3 "Credential type"), in n8n's shape and with
// n8n's names and property names, so workflows and credentials move between the two. The server
// validates stored data against these properties; the editor's credential modals will render them.
import type { INodeProperties } from './nodeTypes.ts';

export interface ICredentialType {
  name: string;
  displayName: string;
  description?: string;
  documentationUrl?: string;
  icon?: string;
  extends?: string[];
  /** Usable as HTTP Request's "Generic Auth Type". */
  genericAuth?: boolean;
  properties: INodeProperties[];
}

/** Spec 002 §9. */
export const MAX_CREDENTIAL_NAME_LENGTH = 64;
/** Name GET /credentials/new starts from when none is asked for (n8n's default). */
export const DEFAULT_CREDENTIAL_NAME = 'My credentials';
/** n8n's placeholder for "keep the stored value" in an update (redacted password fields). */
export const CREDENTIAL_BLANK_VALUE = '__n8n_BLANK_VALUE_e5362baf-c777-4d57-a609-6eaf1f9e87f6';

const password = { password: true } as const;

export const CREDENTIAL_TYPES: readonly ICredentialType[] = [
  {
    name: 'httpBasicAuth',
    displayName: 'Basic Auth',
    documentationUrl: 'httpRequest',
    genericAuth: true,
    icon: 'node:n8n-nodes-base.httpRequest',
    properties: [
      { displayName: 'User', name: 'user', type: 'string', default: '' },
      { displayName: 'Password', name: 'password', type: 'string', typeOptions: password, default: '' },
    ],
  },
  {
    name: 'httpHeaderAuth',
    displayName: 'Header Auth',
    documentationUrl: 'httpRequest',
    genericAuth: true,
    icon: 'node:n8n-nodes-base.httpRequest',
    properties: [
      { displayName: 'Name', name: 'name', type: 'string', default: '' },
      { displayName: 'Value', name: 'value', type: 'string', typeOptions: password, default: '' },
    ],
  },
  {
    name: 'httpQueryAuth',
    displayName: 'Query Auth',
    documentationUrl: 'httpRequest',
    genericAuth: true,
    icon: 'node:n8n-nodes-base.httpRequest',
    properties: [
      { displayName: 'Name', name: 'name', type: 'string', default: '' },
      { displayName: 'Value', name: 'value', type: 'string', typeOptions: password, default: '' },
    ],
  },
  {
    name: 'smtp',
    displayName: 'SMTP',
    documentationUrl: 'sendEmail',
    icon: 'node:n8n-nodes-base.emailSend',
    properties: [
      { displayName: 'User', name: 'user', type: 'string', default: '' },
      { displayName: 'Password', name: 'password', type: 'string', typeOptions: password, default: '' },
      { displayName: 'Host', name: 'host', type: 'string', required: true, default: '' },
      { displayName: 'Port', name: 'port', type: 'number', default: 465 },
      { displayName: 'SSL/TLS', name: 'secure', type: 'boolean', default: true },
      {
        displayName: 'Disable STARTTLS',
        name: 'disableStartTls',
        type: 'boolean',
        default: false,
        displayOptions: { show: { secure: [false] } },
      },
      {
        displayName: 'Client Host Name',
        name: 'hostName',
        type: 'string',
        default: '',
        placeholder: '',
        description: 'The hostname of the client, used for identifying to the server',
      },
    ],
  },
];

export function credentialType(name: string): ICredentialType | undefined {
  return CREDENTIAL_TYPES.find((t) => t.name === name);
}

/** Names of the properties shown as passwords (never written to logs or error messages). */
export function secretProperties(type: ICredentialType): string[] {
  return type.properties.filter((p) => p.typeOptions?.password).map((p) => p.name);
}
