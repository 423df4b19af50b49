// Send Email parameters: v1 (n8n EmailSendV1) and v2/2.1 (EmailSendV2, "send" operation).
import type { INodeProperties } from '../../model/nodeTypes.ts';

const addresses = (name: string, displayName: string, required: boolean): INodeProperties => ({
  displayName,
  name,
  type: 'string',
  default: '',
  required,
  placeholder: name === 'fromEmail' ? 'admin@example.com' : 'info@example.com',
  description: 'Email address(es); several separated by commas, e.g. "Name" <a@example.com>',
});

export const credentialsNotice: INodeProperties = {
  displayName:
    'SMTP settings come from the node\'s SMTP credential, or from the instance (SWITCHYARD_SMTP_HOST, _PORT, _USER, _PASSWORD, _SSL, _STARTTLS) when it has none.',
  name: 'smtpNotice',
  type: 'notice',
  default: '',
};

export const emailSendV1Properties: INodeProperties[] = [
  credentialsNotice,
  addresses('fromEmail', 'From Email', true),
  addresses('toEmail', 'To Email', true),
  { displayName: 'CC Email', name: 'ccEmail', type: 'string', default: '', description: 'Email address of CC recipient' },
  { displayName: 'BCC Email', name: 'bccEmail', type: 'string', default: '', description: 'Email address of BCC recipient' },
  { displayName: 'Subject', name: 'subject', type: 'string', default: '', placeholder: 'My subject line', description: 'Subject line of the email' },
  { displayName: 'Text', name: 'text', type: 'string', typeOptions: { rows: 5 }, default: '', description: 'Plain text message of email' },
  { displayName: 'HTML', name: 'html', type: 'string', typeOptions: { rows: 5 }, default: '', description: 'HTML text message of email' },
  { displayName: 'Attachments', name: 'attachments', type: 'string', default: '', description: 'Name of the binary properties that contain data to add to email as attachment. Multiple ones can be comma-separated.' },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add Option',
    default: {},
    options: [
      { displayName: 'Ignore SSL Issues', name: 'allowUnauthorizedCerts', type: 'boolean', default: false, description: 'Whether to connect even if SSL certificate validation is not possible' },
      { displayName: 'Reply To', name: 'replyTo', type: 'string', default: '', placeholder: 'info@example.com', description: 'The email address to send the reply to' },
    ],
  },
];

export const emailSendV2Properties: INodeProperties[] = [
  credentialsNotice,
  { displayName: 'Resource', name: 'resource', type: 'hidden', noDataExpression: true, default: 'email', options: [{ name: 'Email', value: 'email' }] },
  { displayName: 'Operation', name: 'operation', type: 'hidden', noDataExpression: true, default: 'send', options: [{ name: 'Send', value: 'send', action: 'Send an Email' }] },
  addresses('fromEmail', 'From Email', true),
  addresses('toEmail', 'To Email', true),
  { displayName: 'Subject', name: 'subject', type: 'string', default: '', placeholder: 'e.g. Approval required' },
  {
    displayName: 'Email Format',
    name: 'emailFormat',
    type: 'options',
    options: [
      { name: 'Text', value: 'text', description: 'Send email as plain text' },
      { name: 'HTML', value: 'html', description: 'Send email as HTML' },
      { name: 'Both', value: 'both', description: "Send both formats, recipient's client selects version to display" },
    ],
    default: 'text',
    displayOptions: { show: { '@version': [2] } },
  },
  {
    displayName: 'Email Format',
    name: 'emailFormat',
    type: 'options',
    options: [
      { name: 'Text', value: 'text', description: 'Send email as plain text' },
      { name: 'HTML', value: 'html', description: 'Send email as HTML' },
      { name: 'Both', value: 'both', description: "Send both formats, recipient's client selects version to display" },
    ],
    default: 'html',
    displayOptions: { hide: { '@version': [2] } },
  },
  { displayName: 'Text', name: 'text', type: 'string', typeOptions: { rows: 5 }, default: '', description: 'Plain text message of email', displayOptions: { show: { emailFormat: ['text', 'both'] } } },
  { displayName: 'HTML', name: 'html', type: 'string', typeOptions: { rows: 5 }, default: '', description: 'HTML text message of email', displayOptions: { show: { emailFormat: ['html', 'both'] } } },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    options: [
      { displayName: 'Append Attribution', name: 'appendAttribution', type: 'boolean', default: true, description: 'Whether to include the phrase “This email was sent automatically with Switchyard” at the end of the email' },
      { displayName: 'Attachments', name: 'attachments', type: 'string', default: '', description: 'Name of the binary properties that contain data to add to email as attachment. Multiple ones can be comma-separated.' },
      { displayName: 'CC Email', name: 'ccEmail', type: 'string', default: '', description: 'Email address of CC recipient' },
      { displayName: 'BCC Email', name: 'bccEmail', type: 'string', default: '', description: 'Email address of BCC recipient' },
      { displayName: 'Ignore SSL Issues', name: 'allowUnauthorizedCerts', type: 'boolean', default: false, description: 'Whether to connect even if SSL certificate validation is not possible' },
      { displayName: 'Reply To', name: 'replyTo', type: 'string', default: '', placeholder: 'info@example.com', description: 'The email address to send the reply to' },
    ],
  },
];
