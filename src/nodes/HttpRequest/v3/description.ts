// HTTP Request versions 3, 4, 4.1, 4.2, 4.3, 4.4: send query/headers/body switches, response and pagination options.
import type { INodeProperties, INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { httpRequestBase, METHOD_OPTIONS, SSL_DESCRIPTION } from '../base.ts';
import { PAGINATION_PAGE_CAP } from './pagination.ts';

const FIELD_ID_DESCRIPTION =
  'ID of the field to set. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.';

const keyValueParameters = (name: string, show: Record<string, unknown[]>, described = false): INodeProperties => ({
  displayName: name === 'queryParameters' ? 'Query Parameters' : name === 'headerParameters' ? 'Header Parameters' : 'Body Parameters',
  name,
  type: 'fixedCollection',
  displayOptions: { show },
  typeOptions: { multipleValues: true },
  placeholder: 'Add Parameter',
  default: { parameters: [{ name: '', value: '' }] },
  options: [
    {
      name: 'parameters',
      displayName: 'Parameter',
      values: [
        { displayName: 'Name', name: 'name', type: 'string', default: '', ...(described ? { description: FIELD_ID_DESCRIPTION } : {}) },
        { displayName: 'Value', name: 'value', type: 'string', default: '', ...(described ? { description: 'Value of the field to set' } : {}) },
      ],
    },
  ],
});

const specify = (name: string, show: Record<string, unknown[]>, second: { name: string; value: string }, description?: string): INodeProperties => ({
  displayName: name === 'specifyQuery' ? 'Specify Query Parameters' : name === 'specifyHeaders' ? 'Specify Headers' : 'Specify Body',
  name,
  type: 'options',
  displayOptions: { show },
  options: [{ name: 'Using Fields Below', value: 'keypair' }, second],
  default: 'keypair',
  ...(description ? { description } : {}),
});

const responseOption: INodeProperties = {
  displayName: 'Response',
  name: 'response',
  placeholder: 'Add response',
  type: 'fixedCollection',
  typeOptions: { multipleValues: false },
  default: { response: {} },
  options: [
    {
      displayName: 'Response',
      name: 'response',
      values: [
        {
          displayName: 'Include Response Headers and Status',
          name: 'fullResponse',
          type: 'boolean',
          default: false,
          description: 'Whether to return the full response (headers and response status code) data instead of only the body',
        },
        { displayName: 'Never Error', name: 'neverError', type: 'boolean', default: false, description: 'Whether to succeeds also when status code is not 2xx' },
        {
          displayName: 'Response Format',
          name: 'responseFormat',
          type: 'options',
          noDataExpression: true,
          options: [
            { name: 'Autodetect', value: 'autodetect' },
            { name: 'File', value: 'file' },
            { name: 'JSON', value: 'json' },
            { name: 'Text', value: 'text' },
          ],
          default: 'autodetect',
          description: 'The format in which the data gets returned from the URL',
        },
        {
          displayName: 'Put Output in Field',
          name: 'outputPropertyName',
          type: 'string',
          default: 'data',
          required: true,
          displayOptions: { show: { responseFormat: ['file', 'text'] } },
          description: 'Name of the binary property to which to write the data of the read file',
        },
      ],
    },
  ],
};

const PAGINATION_DOCS = 'https://docs.n8n.io/integrations/builtin/core-nodes/n8n-nodes-base.httprequest/#pagination';
const notOff = { hide: { paginationMode: ['off'] } };

// n8n's Pagination option (names, defaults and display rules as n8n's), plus Switchyard's page cap.
const paginationOption: INodeProperties = {
  displayName: 'Pagination',
  name: 'pagination',
  placeholder: 'Add pagination',
  type: 'fixedCollection',
  typeOptions: { multipleValues: false },
  default: { pagination: {} },
  options: [
    {
      displayName: 'Pagination',
      name: 'pagination',
      values: [
        {
          displayName: 'Pagination Mode',
          name: 'paginationMode',
          type: 'options',
          typeOptions: { noDataExpression: true },
          options: [
            { name: 'Off', value: 'off' },
            { name: 'Update a Parameter in Each Request', value: 'updateAParameterInEachRequest' },
            { name: 'Response Contains Next URL', value: 'responseContainsNextURL' },
          ],
          default: 'updateAParameterInEachRequest',
          description: 'If pagination should be used',
        },
        {
          displayName: `Use the $response variables to access the data of the previous response ($response.body, $response.headers, $response.statusCode; $pageCount counts the pages fetched so far). Refer to the <a href="${PAGINATION_DOCS}" target="_blank">docs</a> for more info about pagination. At most ${PAGINATION_PAGE_CAP} pages are fetched per item.`,
          name: 'webhookNotice',
          displayOptions: notOff,
          type: 'notice',
          default: '',
        },
        {
          displayName: 'Next URL',
          name: 'nextURL',
          type: 'string',
          displayOptions: { show: { paginationMode: ['responseContainsNextURL'] } },
          default: '',
          description: `Should evaluate to the URL of the next page. <a href="${PAGINATION_DOCS}" target="_blank">More info</a>.`,
        },
        {
          displayName: 'Parameters',
          name: 'parameters',
          type: 'fixedCollection',
          displayOptions: { show: { paginationMode: ['updateAParameterInEachRequest'] } },
          typeOptions: { multipleValues: true, noExpression: true },
          placeholder: 'Add Parameter',
          default: { parameters: [{ type: 'qs', name: '', value: '' }] },
          options: [
            {
              name: 'parameters',
              displayName: 'Parameter',
              values: [
                {
                  displayName: 'Type',
                  name: 'type',
                  type: 'options',
                  options: [
                    { name: 'Body', value: 'body' },
                    { name: 'Header', value: 'headers' },
                    { name: 'Query', value: 'qs' },
                  ],
                  default: 'qs',
                  description: 'Where the parameter should be set',
                },
                { displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g page' },
                { displayName: 'Value', name: 'value', type: 'string', default: '', hint: 'Use expression mode and $response to access response data' },
              ],
            },
          ],
        },
        {
          displayName: 'Pagination Complete When',
          name: 'paginationCompleteWhen',
          type: 'options',
          typeOptions: { noDataExpression: true },
          displayOptions: notOff,
          options: [
            { name: 'Response Is Empty', value: 'responseIsEmpty' },
            { name: 'Receive Specific Status Code(s)', value: 'receiveSpecificStatusCodes' },
            { name: 'Other', value: 'other' },
          ],
          default: 'responseIsEmpty',
          description: 'When should no further requests be made?',
        },
        {
          displayName: 'Status Code(s) when Complete',
          name: 'statusCodesWhenComplete',
          type: 'string',
          typeOptions: { noDataExpression: true },
          displayOptions: { show: { paginationCompleteWhen: ['receiveSpecificStatusCodes'] } },
          default: '',
          description: 'Accepts comma-separated values',
        },
        {
          displayName: 'Complete Expression',
          name: 'completeExpression',
          type: 'string',
          displayOptions: { show: { paginationCompleteWhen: ['other'] } },
          default: '',
          description: `Should evaluate to true when pagination is complete. <a href="${PAGINATION_DOCS}" target="_blank">More info</a>.`,
        },
        {
          displayName: 'Limit Pages Fetched',
          name: 'limitPagesFetched',
          type: 'boolean',
          typeOptions: { noDataExpression: true },
          displayOptions: notOff,
          default: false,
          noDataExpression: true,
          description: `Whether the number of requests should be limited. Without a limit, a pagination that has not completed after ${PAGINATION_PAGE_CAP} pages fails.`,
        },
        {
          displayName: 'Max Pages',
          name: 'maxRequests',
          type: 'number',
          typeOptions: { noDataExpression: true },
          displayOptions: { show: { limitPagesFetched: [true] } },
          default: 100,
          description: `Maximum amount of request to be make (at most ${PAGINATION_PAGE_CAP} are fetched)`,
        },
        {
          displayName: 'Interval Between Requests (ms)',
          name: 'requestInterval',
          type: 'number',
          displayOptions: notOff,
          default: 0,
          description: 'Time in milliseconds to wait between requests',
          hint: 'At 0 no delay will be added',
          typeOptions: { minValue: 0 },
        },
      ],
    },
  ],
};

const redirectOption = (followByDefault: boolean, versionRule: 'show' | 'hide'): INodeProperties => ({
  displayName: 'Redirects',
  name: 'redirect',
  placeholder: 'Add Redirect',
  type: 'fixedCollection',
  typeOptions: { multipleValues: false },
  default: { redirect: {} },
  options: [
    {
      displayName: 'Redirect',
      name: 'redirect',
      values: [
        {
          displayName: 'Follow Redirects',
          name: 'followRedirects',
          type: 'boolean',
          default: followByDefault,
          noDataExpression: true,
          description: 'Whether to follow all redirects',
        },
        {
          displayName: 'Max Redirects',
          name: 'maxRedirects',
          type: 'number',
          displayOptions: { show: { followRedirects: [true] } },
          default: 21,
          description: 'Max number of redirects to follow',
        },
      ],
    },
  ],
  displayOptions: { [versionRule]: { '@version': [1, 2, 3] } },
});

export const httpRequestV3Description: INodeTypeDescription = {
  ...httpRequestBase,
  subtitle: '={{$parameter["method"] + ": " + $parameter["url"]}}',
  version: [3, 4, 4.1, 4.2, 4.3, 4.4],
  properties: [
    { displayName: 'Method', name: 'method', type: 'options', options: METHOD_OPTIONS, default: 'GET', description: 'The request method to use' },
    {
      displayName: 'URL',
      name: 'url',
      type: 'string',
      default: '',
      placeholder: 'http://example.com/index.html',
      description: 'The URL to make the request to',
      required: true,
    },
    {
      displayName: 'Authentication',
      name: 'authentication',
      noDataExpression: true,
      type: 'options',
      options: [
        { name: 'None', value: 'none' },
        {
          name: 'Predefined Credential Type',
          value: 'predefinedCredentialType',
          description: "We've already implemented auth for many services so that you don't have to set it up manually",
        },
        { name: 'Generic Credential Type', value: 'genericCredentialType', description: 'Fully customizable. Choose between basic, header, OAuth2, etc.' },
      ],
      default: 'none',
    },
    {
      displayName: 'Credential Type',
      name: 'nodeCredentialType',
      type: 'credentialsSelect',
      noDataExpression: true,
      required: true,
      default: '',
      credentialTypes: ['extends:oAuth2Api', 'extends:oAuth1Api', 'has:authenticate'],
      displayOptions: { show: { authentication: ['predefinedCredentialType'] } },
    },
    {
      displayName: 'Generic Auth Type',
      name: 'genericAuthType',
      type: 'credentialsSelect',
      required: true,
      default: '',
      credentialTypes: ['has:genericAuth'],
      displayOptions: { show: { authentication: ['genericCredentialType'] } },
    },
    { displayName: 'Send Query Parameters', name: 'sendQuery', type: 'boolean', default: false, noDataExpression: true, description: 'Whether the request has query params or not' },
    specify('specifyQuery', { sendQuery: [true] }, { name: 'Using JSON', value: 'json' }),
    keyValueParameters('queryParameters', { sendQuery: [true], specifyQuery: ['keypair'] }),
    { displayName: 'JSON', name: 'jsonQuery', type: 'json', displayOptions: { show: { sendQuery: [true], specifyQuery: ['json'] } }, default: '' },
    { displayName: 'Send Headers', name: 'sendHeaders', type: 'boolean', default: false, noDataExpression: true, description: 'Whether the request has headers or not' },
    specify('specifyHeaders', { sendHeaders: [true] }, { name: 'Using JSON', value: 'json' }),
    keyValueParameters('headerParameters', { sendHeaders: [true], specifyHeaders: ['keypair'] }),
    { displayName: 'JSON', name: 'jsonHeaders', type: 'json', displayOptions: { show: { sendHeaders: [true], specifyHeaders: ['json'] } }, default: '' },
    { displayName: 'Send Body', name: 'sendBody', type: 'boolean', default: false, noDataExpression: true, description: 'Whether the request has a body or not' },
    {
      displayName: 'Body Content Type',
      name: 'contentType',
      type: 'options',
      displayOptions: { show: { sendBody: [true] } },
      options: [
        { name: 'Form Urlencoded', value: 'form-urlencoded' },
        { name: 'Form-Data', value: 'multipart-form-data' },
        { name: 'JSON', value: 'json' },
        { name: 'n8n Binary File', value: 'binaryData' },
        { name: 'Raw', value: 'raw' },
      ],
      default: 'json',
      description: 'Content-Type to use to send body parameters',
    },
    specify(
      'specifyBody',
      { sendBody: [true], contentType: ['json'] },
      { name: 'Using JSON', value: 'json' },
      'The body can be specified using explicit fields (<code>keypair</code>) or using a JavaScript object (<code>json</code>)',
    ),
    keyValueParameters('bodyParameters', { sendBody: [true], contentType: ['json'], specifyBody: ['keypair'] }, true),
    { displayName: 'JSON', name: 'jsonBody', type: 'json', displayOptions: { show: { sendBody: [true], contentType: ['json'], specifyBody: ['json'] } }, default: '' },
    {
      displayName: 'Body Parameters',
      name: 'bodyParameters',
      type: 'fixedCollection',
      displayOptions: { show: { sendBody: [true], contentType: ['multipart-form-data'] } },
      typeOptions: { multipleValues: true },
      placeholder: 'Add Parameter',
      default: { parameters: [{ name: '', value: '' }] },
      options: [
        {
          name: 'parameters',
          displayName: 'Parameter',
          values: [
            {
              displayName: 'Parameter Type',
              name: 'parameterType',
              type: 'options',
              options: [
                { name: 'n8n Binary File', value: 'formBinaryData' },
                { name: 'Form Data', value: 'formData' },
              ],
              default: 'formData',
            },
            { displayName: 'Name', name: 'name', type: 'string', default: '', description: FIELD_ID_DESCRIPTION },
            {
              displayName: 'Value',
              name: 'value',
              type: 'string',
              displayOptions: { show: { parameterType: ['formData'] } },
              default: '',
              description: 'Value of the field to set',
            },
            {
              displayName: 'Input Data Field Name',
              name: 'inputDataFieldName',
              type: 'string',
              displayOptions: { show: { parameterType: ['formBinaryData'] } },
              default: '',
              description: 'The name of the incoming field containing the binary file data to be processed',
            },
          ],
        },
      ],
    },
    specify('specifyBody', { sendBody: [true], contentType: ['form-urlencoded'] }, { name: 'Using Single Field', value: 'string' }),
    keyValueParameters('bodyParameters', { sendBody: [true], contentType: ['form-urlencoded'], specifyBody: ['keypair'] }, true),
    {
      displayName: 'Body',
      name: 'body',
      type: 'string',
      displayOptions: { show: { sendBody: [true], specifyBody: ['string'] } },
      default: '',
      placeholder: 'field1=value1&field2=value2',
    },
    {
      displayName: 'Input Data Field Name',
      name: 'inputDataFieldName',
      type: 'string',
      displayOptions: { show: { sendBody: [true], contentType: ['binaryData'] } },
      default: '',
      description: 'The name of the incoming field containing the binary file data to be processed',
    },
    { displayName: 'Content Type', name: 'rawContentType', type: 'string', displayOptions: { show: { sendBody: [true], contentType: ['raw'] } }, default: '', placeholder: 'text/html' },
    { displayName: 'Body', name: 'body', type: 'string', displayOptions: { show: { sendBody: [true], contentType: ['raw'] } }, default: '', placeholder: '' },
    {
      displayName: 'Options',
      name: 'options',
      type: 'collection',
      placeholder: 'Add option',
      default: {},
      options: [
        {
          displayName: 'Batching',
          name: 'batching',
          placeholder: 'Add Batching',
          type: 'fixedCollection',
          typeOptions: { multipleValues: false },
          default: { batch: {} },
          options: [
            {
              displayName: 'Batching',
              name: 'batch',
              values: [
                {
                  displayName: 'Items per Batch',
                  name: 'batchSize',
                  type: 'number',
                  typeOptions: { minValue: -1 },
                  default: 50,
                  description: 'Input will be split in batches to throttle requests. -1 for disabled. 0 will be treated as 1.',
                },
                {
                  displayName: 'Batch Interval (ms)',
                  name: 'batchInterval',
                  type: 'number',
                  typeOptions: { minValue: 0 },
                  default: 1000,
                  description: 'Time (in milliseconds) between each batch of requests. 0 for disabled.',
                },
              ],
            },
          ],
        },
        { displayName: 'Ignore SSL Issues (Insecure)', name: 'allowUnauthorizedCerts', type: 'boolean', noDataExpression: true, default: false, description: SSL_DESCRIPTION },
        {
          displayName: 'Array Format in Query Parameters',
          name: 'queryParameterArrays',
          type: 'options',
          displayOptions: { show: { '/sendQuery': [true] } },
          options: [
            { name: 'No Brackets', value: 'repeat', description: 'e.g. foo=bar&foo=qux' },
            { name: 'Brackets Only', value: 'brackets', description: 'e.g. foo[]=bar&foo[]=qux' },
            { name: 'Brackets with Indices', value: 'indices', description: 'e.g. foo[0]=bar&foo[1]=qux' },
          ],
          default: 'brackets',
        },
        { displayName: 'Lowercase Headers', name: 'lowercaseHeaders', type: 'boolean', default: true, description: 'Whether to lowercase header names' },
        redirectOption(false, 'show'),
        redirectOption(true, 'hide'),
        responseOption,
        paginationOption,
        { displayName: 'Proxy', name: 'proxy', type: 'string', default: '', placeholder: 'e.g. http://myproxy:3128', description: 'HTTP proxy to use' },
        {
          displayName: 'Timeout',
          name: 'timeout',
          type: 'number',
          typeOptions: { minValue: 1 },
          default: 10000,
          description: 'Time in ms to wait for the server to send response headers (and start the response body) before aborting the request',
        },
        {
          // n8n's option (every version reads it); when not added, 4.4 keeps credentials on the
          // first origin and earlier versions send them on. A credential's own headers never
          // cross origins in this engine; the option governs those set on the node.
          displayName: 'Send Credentials on Cross-Origin Redirect',
          name: 'sendCredentialsOnCrossOriginRedirect',
          type: 'boolean',
          default: false,
          description: 'Whether to send credentials, like the "Authorization" header, on redirects to a different origin',
        },
      ],
    },
    { displayName: "You can view the raw requests this node makes in your browser's developer console", name: 'infoMessage', type: 'notice', default: '' },
  ],
};
