// GraphQL: n8n-nodes-base.graphql 1 and 1.1. Sends a query or mutation over HTTP: POST with a JSON
// body ({ query, variables, operationName }) or the raw query (content type application/graphql),
// or GET with the query in the URL. Authentication goes through the same credential code as HTTP
// Request (basic, digest, header, query, custom, OAuth 1 and 2). HTTP error statuses do not fail
// by themselves (n8n sends with simple: false): an answer with an `errors` array fails the item
// with the errors' messages.
//   1    Request Format defaults to GraphQL (raw); Query is a JSON-typed field.
//   1.1  Request Format defaults to JSON.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { INodeProperties, INodeTypeDescription } from '../../model/nodeTypes.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { NodeApiError, NodeOperationError, type AuthenticatedRequestOptions, type NodeType } from '../types.ts';

/** Largest answer read (bytes). */
export const GRAPHQL_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

const AUTH_TYPES: Record<string, string> = {
  basicAuth: 'httpBasicAuth',
  customAuth: 'httpCustomAuth',
  digestAuth: 'httpDigestAuth',
  headerAuth: 'httpHeaderAuth',
  queryAuth: 'httpQueryAuth',
  oAuth1: 'oAuth1Api',
  oAuth2: 'oAuth2Api',
};

const credentials = Object.entries(AUTH_TYPES).map(([value, name]) => ({ name, required: true, displayOptions: { show: { authentication: [value] } } }));

function properties(version: 1 | 1.1): INodeProperties[] {
  return [
    {
      displayName: 'Authentication',
      name: 'authentication',
      type: 'options',
      options: [
        { name: 'Basic Auth', value: 'basicAuth' },
        { name: 'Custom Auth', value: 'customAuth' },
        { name: 'Digest Auth', value: 'digestAuth' },
        { name: 'Header Auth', value: 'headerAuth' },
        { name: 'None', value: 'none' },
        { name: 'OAuth1', value: 'oAuth1' },
        { name: 'OAuth2', value: 'oAuth2' },
        { name: 'Query Auth', value: 'queryAuth' },
      ],
      default: 'none',
      description: 'The way to authenticate',
    },
    {
      displayName: 'HTTP Request Method',
      name: 'requestMethod',
      type: 'options',
      options: [
        { name: 'GET', value: 'GET' },
        { name: 'POST', value: 'POST' },
      ],
      default: 'POST',
      description: 'The underlying HTTP request method to use',
    },
    { displayName: 'Endpoint', name: 'endpoint', type: 'string', default: '', placeholder: 'http://example.com/graphql', description: 'The GraphQL endpoint', required: true },
    { displayName: 'Ignore SSL Issues (Insecure)', name: 'allowUnauthorizedCerts', type: 'boolean', default: false, description: 'Whether to download the response even if SSL certificate validation is not possible' },
    version === 1
      ? {
          displayName: 'Request Format',
          name: 'requestFormat',
          type: 'options',
          required: true,
          options: [
            { name: 'GraphQL (Raw)', value: 'graphql' },
            { name: 'JSON', value: 'json' },
          ],
          displayOptions: { show: { requestMethod: ['POST'] } },
          default: 'graphql',
          description: 'The format for the query payload',
        }
      : {
          displayName: 'Request Format',
          name: 'requestFormat',
          type: 'options',
          required: true,
          options: [
            { name: 'JSON (Recommended)', value: 'json', description: 'JSON object with query, variables, and operationName properties. The standard and most widely supported format for GraphQL requests.' },
            { name: 'GraphQL (Raw)', value: 'graphql', description: 'Raw GraphQL query string. Not all servers support this format. Use JSON for better compatibility.' },
          ],
          displayOptions: { show: { requestMethod: ['POST'] } },
          default: 'json',
          description: 'The request format for the query payload',
        },
    { displayName: 'Query', name: 'query', type: version === 1 ? 'json' : 'string', default: '', description: 'GraphQL query', required: true, typeOptions: { rows: 6 } },
    { displayName: 'Variables', name: 'variables', type: 'json', default: '', description: 'Query variables as JSON object', displayOptions: { show: { requestFormat: ['json'], requestMethod: ['POST'] } } },
    { displayName: 'Operation Name', name: 'operationName', type: 'string', default: '', description: 'Name of operation to execute', displayOptions: { show: { requestFormat: ['json'], requestMethod: ['POST'] } } },
    {
      displayName: 'Response Format',
      name: 'responseFormat',
      type: 'options',
      options: [
        { name: 'JSON', value: 'json' },
        { name: 'String', value: 'string' },
      ],
      default: 'json',
      description: 'The format in which the data gets returned from the URL',
    },
    { displayName: 'Response Data Property Name', name: 'dataPropertyName', type: 'string', default: 'data', required: true, displayOptions: { show: { responseFormat: ['string'] } }, description: 'Name of the property to which to write the response data' },
    {
      displayName: 'Headers',
      name: 'headerParametersUi',
      placeholder: 'Add Header',
      type: 'fixedCollection',
      typeOptions: { multipleValues: true },
      description: 'The headers to send',
      default: {},
      options: [
        {
          name: 'parameter',
          displayName: 'Header',
          values: [
            { displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Name of the header' },
            { displayName: 'Value', name: 'value', type: 'string', default: '', description: 'Value to set for the header' },
          ],
        },
      ],
    },
  ];
}

function describe(version: 1 | 1.1): INodeTypeDescription {
  return {
    displayName: 'GraphQL',
    name: 'n8n-nodes-base.graphql',
    icon: 'fa:project-diagram',
    group: ['input'],
    version,
    defaultVersion: 1.1,
    description: 'Makes a GraphQL request and returns the received data',
    defaults: { name: 'GraphQL' },
    inputs: ['main'],
    outputs: ['main'],
    credentials,
    properties: properties(version),
  };
}

function parseVariables(ctx: Parameters<NonNullable<NodeType['execute']>>[0], itemIndex: number): unknown {
  const variables = ctx.getNodeParameter('variables', itemIndex, {});
  if (typeof variables === 'string') {
    try {
      return JSON.parse(variables || '{}');
    } catch (error) {
      throw new NodeOperationError(ctx.getNode(), `Using variables failed:\n${variables}\n\nWith error message:\n${(error as Error).message}`, { itemIndex });
    }
  }
  if (typeof variables === 'object' && variables !== null) return variables;
  throw new NodeOperationError(ctx.getNode(), `Using variables failed:\n${String(variables)}\n\nGraphQL variables should be either an object or a string.`, { itemIndex });
}

function makeGraphql(version: 1 | 1.1): NodeType {
  return {
    kind: 'regular',
    description: describe(version),
    async execute(ctx) {
      const items = ctx.getInputData();
      const out: INodeExecutionData[] = [];
      const responseFormat = ctx.getNodeParameter('responseFormat', 0, 'json') as string;
      for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
        try {
          const authentication = ctx.getNodeParameter('authentication', itemIndex, 'none') as string;
          const requestMethod = String(ctx.getNodeParameter('requestMethod', itemIndex, 'POST')).toUpperCase();
          const endpoint = ctx.getNodeParameter('endpoint', itemIndex, '') as string;
          if (!endpoint) throw new NodeOperationError(ctx.getNode(), 'The parameter "Endpoint" has to be set', { itemIndex });
          if (requestMethod !== 'GET' && requestMethod !== 'POST') throw new NodeOperationError(ctx.getNode(), `The HTTP Request Method "${requestMethod}" is not supported: use GET or POST`, { itemIndex });
          const requestFormat = ctx.getNodeParameter('requestFormat', itemIndex, version === 1 ? 'graphql' : 'json') as string;
          const { parameter } = ctx.getNodeParameter('headerParametersUi', itemIndex, {}) as { parameter?: Array<{ name: string; value: string }> };
          const headers: Record<string, string> = { 'content-type': `application/${requestFormat}` };
          for (const h of parameter ?? []) if (h.name) headers[h.name] = String(h.value ?? '');
          const rawQuery = ctx.getNodeParameter('query', itemIndex, '');
          const query = typeof rawQuery === 'string' ? rawQuery : JSON.stringify(rawQuery);
          const request: AuthenticatedRequestOptions = {
            url: endpoint,
            method: requestMethod,
            headers,
            encoding: 'text',
            ignoreHttpStatusErrors: true,
            maxBytes: GRAPHQL_MAX_RESPONSE_BYTES,
            skipSslCertificateValidation: ctx.getNodeParameter('allowUnauthorizedCerts', itemIndex, false) === true,
          };
          if (requestMethod === 'GET') {
            // The query in the URL, no body (Variables and Operation Name are POST-only parameters, as n8n's).
            request.qs = { query };
          } else if (requestFormat === 'json') {
            const operationName = ctx.getNodeParameter('operationName', itemIndex, '') as string;
            request.body = JSON.stringify({ query, variables: parseVariables(ctx, itemIndex), operationName: operationName === '' ? null : operationName });
          } else {
            request.body = query;
          }
          const type = AUTH_TYPES[authentication];
          if (authentication !== 'none' && !type) throw new NodeOperationError(ctx.getNode(), `The authentication "${authentication}" is not known`, { itemIndex });
          const text = (type ? await ctx.helpers.httpRequestWithAuthentication(type, request) : await ctx.helpers.httpRequest(request)) as string;

          let response: unknown = text;
          if (responseFormat === 'string') {
            const dataPropertyName = ctx.getNodeParameter('dataPropertyName', 0, 'data') as string;
            out.push({ json: { [dataPropertyName]: text }, pairedItem: { item: itemIndex } });
            // n8n looks for errors only in a text starting with {"errors": — any JSON answer with an
            // errors array fails here, wherever the server puts the member.
            if (text.trimStart().startsWith('{')) {
              try {
                response = JSON.parse(text);
              } catch {
                // not JSON: kept as text
              }
            }
          } else {
            try {
              response = JSON.parse(text);
            } catch {
              throw new NodeOperationError(ctx.getNode(), 'Response body is not valid JSON. Change "Response Format" to "String"', { itemIndex });
            }
            const list = Array.isArray(response) ? response : [response];
            for (const json of list) out.push({ json: (json && typeof json === 'object' ? json : { data: json }) as IDataObject, pairedItem: { item: itemIndex } });
          }
          const errors = response && typeof response === 'object' ? (response as { errors?: unknown }).errors : undefined;
          if (errors) {
            const message = Array.isArray(errors) ? errors.map((e) => (e && typeof e === 'object' ? (e as { message?: unknown }).message : e)).filter((m) => m !== undefined && m !== '').join(', ') || 'Unexpected error' : String(errors);
            throw new NodeApiError(ctx.getNode(), message, { itemIndex, description: JSON.stringify(errors).slice(0, 2000) });
          }
        } catch (error) {
          if (!ctx.continueOnFail()) throw error;
          out.push({ json: { error: (error as Error).message }, pairedItem: { item: itemIndex } });
        }
      }
      return [out];
    },
  };
}

export const graphqlV1 = makeGraphql(1);
export const graphqlV11 = makeGraphql(1.1);
