// Webhook node parameters (n8n-nodes-base.webhook v1, 1.1, 2, 2.1): same names, defaults and
// display rules as n8n, so workflows exported from n8n keep their meaning.
import type { INodeProperties } from '../../model/nodeTypes.ts';

export const HTTP_METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT'] as const;
const methodOptions = HTTP_METHODS.map((m) => ({ name: m, value: m }));

export const authenticationProperty: INodeProperties = {
  displayName: 'Authentication',
  name: 'authentication',
  type: 'options',
  options: [
    { name: 'Basic Auth', value: 'basicAuth' },
    { name: 'Header Auth', value: 'headerAuth' },
    { name: 'None', value: 'none' },
  ],
  default: 'none',
  noDataExpression: true,
  description: 'The way to authenticate. Basic Auth checks callers against the node\'s Basic Auth credential (httpBasicAuth), Header Auth against its Header Auth credential (httpHeaderAuth).',
};

export const responseHeadersProperty: INodeProperties = {
  displayName: 'Response Headers',
  name: 'responseHeaders',
  placeholder: 'Add Response Header',
  description: 'Add headers to the webhook response',
  type: 'fixedCollection',
  typeOptions: { multipleValues: true },
  default: {},
  options: [
    {
      name: 'entries',
      displayName: 'Entries',
      values: [
        { displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Name of the header' },
        { displayName: 'Value', name: 'value', type: 'string', default: '', description: 'Value of the header' },
      ],
    },
  ],
};

const responseModeOptions = [
  { name: 'Immediately', value: 'onReceived', description: 'As soon as this node executes' },
  { name: 'When Last Node Finishes', value: 'lastNode', description: 'Returns data of the last-executed node' },
  { name: "Using 'Respond to Webhook' Node", value: 'responseNode', description: 'Response defined in that node' },
];

export const webhookProperties: INodeProperties[] = [
  {
    displayName: 'Allow Multiple HTTP Methods',
    name: 'multipleMethods',
    type: 'boolean',
    default: false,
    isNodeSetting: true,
    description: 'Whether to allow the webhook to listen for multiple HTTP methods',
    displayOptions: { show: { '@version': [2, 2.1] } },
  },
  {
    displayName: 'HTTP Method',
    name: 'httpMethod',
    type: 'options',
    options: methodOptions,
    default: 'GET',
    description: 'The HTTP method to listen to',
    displayOptions: { show: { multipleMethods: [false] } },
  },
  {
    displayName: 'HTTP Methods',
    name: 'httpMethod',
    type: 'multiOptions',
    options: methodOptions,
    default: ['GET', 'POST'],
    description: 'The HTTP methods to listen to',
    displayOptions: { show: { multipleMethods: [true] } },
  },
  {
    displayName: 'Path',
    name: 'path',
    type: 'string',
    default: '',
    placeholder: 'webhook',
    description: "The path to listen to; dynamic values can be given with ':', e.g. 'your-path/:dynamic-value'. With dynamic values the webhook id is put in front of the path.",
  },
  authenticationProperty,
  {
    displayName: 'Respond',
    name: 'responseMode',
    type: 'options',
    options: responseModeOptions,
    default: 'onReceived',
    description: 'When and how to respond to the webhook',
  },
  {
    displayName: "Insert a 'Respond to Webhook' node to control when and how you respond.",
    name: 'webhookNotice',
    type: 'notice',
    default: '',
    displayOptions: { show: { responseMode: ['responseNode'] } },
  },
  {
    displayName: 'Response Code',
    name: 'responseCode',
    type: 'number',
    typeOptions: { minValue: 100, maxValue: 599 },
    default: 200,
    description: 'The HTTP Response code to return',
    displayOptions: { show: { '@version': [1, 1.1] }, hide: { responseMode: ['responseNode'] } },
  },
  {
    displayName: 'Response Data',
    name: 'responseData',
    type: 'options',
    displayOptions: { show: { responseMode: ['lastNode'] } },
    options: [
      { name: 'All Entries', value: 'allEntries', description: 'Returns all the entries of the last node. Always returns an array.' },
      { name: 'First Entry JSON', value: 'firstEntryJson', description: 'Returns the JSON data of the first entry of the last node. Always returns a JSON object.' },
      { name: 'First Entry Binary', value: 'firstEntryBinary', description: 'Returns the binary data of the first entry of the last node. Always returns a binary file.' },
      { name: 'No Response Body', value: 'noData', description: 'Returns without a body' },
    ],
    default: 'firstEntryJson',
    description: 'What data should be returned',
  },
  {
    displayName: 'Property Name',
    name: 'responseBinaryPropertyName',
    type: 'string',
    required: true,
    default: 'data',
    displayOptions: { show: { responseData: ['firstEntryBinary'] } },
    description: 'Name of the binary property to return',
  },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    options: [
      {
        displayName: 'Allowed Origins (CORS)',
        name: 'allowedOrigins',
        type: 'string',
        default: '*',
        description: 'Comma-separated list of URLs allowed for cross-origin non-preflight requests. Use * (default) to allow all origins.',
      },
      {
        displayName: 'Binary File',
        name: 'binaryData',
        type: 'boolean',
        displayOptions: { show: { '/httpMethod': ['PATCH', 'PUT', 'POST'], '@version': [1] } },
        default: false,
        description: 'Whether the webhook will receive binary data',
      },
      {
        displayName: 'Put Output File in Field',
        name: 'binaryPropertyName',
        type: 'string',
        default: 'data',
        displayOptions: { show: { binaryData: [true], '@version': [1] } },
        description: 'If the data gets received via "Form-Data Multipart" it will be the prefix and a number starting with 0 will be attached to it',
      },
      {
        displayName: 'Field Name for Binary Data',
        name: 'binaryPropertyName',
        type: 'string',
        default: 'data',
        displayOptions: { hide: { '@version': [1] } },
        description: 'The name of the output field to put any binary file data in. Only relevant if binary data is received.',
      },
      { displayName: 'Ignore Bots', name: 'ignoreBots', type: 'boolean', default: false, description: 'Whether to ignore requests from bots like link previewers and web crawlers' },
      {
        displayName: 'IP(s) Whitelist',
        name: 'ipWhitelist',
        type: 'string',
        placeholder: 'e.g. 127.0.0.1',
        default: '',
        description: 'Comma-separated list of allowed IP addresses. Leave empty to allow all IPs.',
      },
      {
        displayName: 'No Response Body',
        name: 'noResponseBody',
        type: 'boolean',
        default: false,
        description: 'Whether to send any body in the response',
        displayOptions: { hide: { rawBody: [true] }, show: { '/responseMode': ['onReceived'] } },
      },
      { displayName: 'Raw Body', name: 'rawBody', type: 'boolean', default: false, description: 'Whether to return the raw body', displayOptions: { hide: { binaryData: [true], noResponseBody: [true] } } },
      {
        displayName: 'Response Code',
        name: 'responseCode',
        type: 'fixedCollection',
        placeholder: 'Add Response Code',
        default: { values: { responseCode: 200 } },
        displayOptions: { show: { '@version': [2, 2.1] }, hide: { '/responseMode': ['responseNode'] } },
        options: [
          {
            name: 'values',
            displayName: 'Values',
            values: [
              {
                displayName: 'Response Code',
                name: 'responseCode',
                type: 'options',
                options: [200, 201, 204, 301, 302, 304, 400, 401, 403, 404].map((c) => ({ name: String(c), value: c })).concat([{ name: 'Custom Code', value: 'customCode' as never }]),
                default: 200,
                description: 'The HTTP response code to return',
              },
              { displayName: 'Code', name: 'customCode', type: 'number', default: 200, placeholder: 'e.g. 400', typeOptions: { minValue: 100 }, displayOptions: { show: { responseCode: ['customCode'] } } },
            ],
          },
        ],
      },
      {
        displayName: 'Response Data',
        name: 'responseData',
        type: 'string',
        displayOptions: { show: { '/responseMode': ['onReceived'] }, hide: { noResponseBody: [true] } },
        default: '',
        placeholder: 'success',
        description: 'Custom response data to send',
      },
      {
        displayName: 'Response Content-Type',
        name: 'responseContentType',
        type: 'string',
        displayOptions: { show: { '/responseData': ['firstEntryJson'], '/responseMode': ['lastNode'] } },
        default: '',
        placeholder: 'application/xml',
        description: 'Set a custom content-type to return if another one as the "application/json" should be returned',
      },
      responseHeadersProperty,
      {
        displayName: 'Property Name',
        name: 'responsePropertyName',
        type: 'string',
        displayOptions: { show: { '/responseData': ['firstEntryJson'], '/responseMode': ['lastNode'] } },
        default: 'data',
        description: 'Name of the property to return the data of instead of the whole JSON',
      },
    ],
  },
];
