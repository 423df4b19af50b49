import { describe, expect, it } from 'vitest';
import { blockingIssueMessages, computeNodeIssues, issueMessages } from '../../src/model/nodeIssues.ts';
import type { INodeTypeDescription } from '../../src/model/nodeTypes.ts';
import type { INode } from '../../src/model/workflow.ts';
import { builtinNodeTypes } from '../../src/nodes/registry.ts';

const description: INodeTypeDescription = {
  name: 'test.node',
  displayName: 'Test',
  description: '',
  group: ['transform'],
  version: [1, 2],
  defaults: { name: 'Test' },
  inputs: ['main'],
  outputs: ['main'],
  credentials: [{ name: 'testApi', required: true, displayOptions: { show: { authentication: ['apiKey'] } } }],
  properties: [
    {
      name: 'authentication',
      displayName: 'Authentication',
      type: 'options',
      default: 'none',
      options: [
        { name: 'None', value: 'none' },
        { name: 'API key', value: 'apiKey' },
      ],
    },
    { name: 'url', displayName: 'URL', type: 'string', default: '', required: true },
    {
      name: 'body',
      displayName: 'Body',
      type: 'string',
      default: '',
      required: true,
      displayOptions: { show: { sendBody: [true] } },
    },
    { name: 'sendBody', displayName: 'Send Body', type: 'boolean', default: false },
    {
      name: 'onlyV2',
      displayName: 'Only v2',
      type: 'string',
      default: '',
      required: true,
      displayOptions: { show: { '@version': [2] } },
    },
    {
      name: 'rules',
      displayName: 'Rules',
      type: 'fixedCollection',
      typeOptions: { multipleValues: true },
      default: {},
      options: [
        {
          name: 'rule',
          displayName: 'Rule',
          values: [
            { name: 'field', displayName: 'Field', type: 'string', default: '', required: true },
            {
              name: 'operation',
              displayName: 'Operation',
              type: 'options',
              default: 'equal',
              options: [
                { name: 'Equal', value: 'equal' },
                { name: 'Not equal', value: 'notEqual' },
              ],
            },
          ],
        },
      ],
    },
  ],
};

function node(parameters: INode['parameters'], extra: Partial<INode> = {}): INode {
  return { id: '1', name: 'Test', type: 'test.node', typeVersion: 1, position: [0, 0], parameters, ...extra };
}

describe('computeNodeIssues', () => {
  it('reports a missing required parameter with its display name', () => {
    const issues = computeNodeIssues(node({}), description);
    expect(issues?.parameters).toEqual({ url: ['Parameter "URL" is required.'] });
    expect(issueMessages(issues)).toEqual(['Parameter "URL" is required.']);
  });

  it('treats whitespace as missing and an expression as set', () => {
    expect(computeNodeIssues(node({ url: '   ' }), description)?.parameters?.url).toHaveLength(1);
    expect(computeNodeIssues(node({ url: '={{ $json.u }}' }), description)).toBeUndefined();
  });

  it('checks only displayed parameters (displayOptions and @version)', () => {
    expect(computeNodeIssues(node({ url: 'x', sendBody: false }), description)).toBeUndefined();
    expect(computeNodeIssues(node({ url: 'x', sendBody: true }), description)?.parameters).toEqual({ body: ['Parameter "Body" is required.'] });
    expect(computeNodeIssues(node({ url: 'x' }, { typeVersion: 2 }), description)?.parameters).toEqual({ onlyV2: ['Parameter "Only v2" is required.'] });
  });

  it('reports an options value that is not among the options, but not an expression', () => {
    expect(computeNodeIssues(node({ url: 'x', authentication: 'oauth' }), description)?.parameters).toEqual({
      authentication: ['The value "oauth" is not supported!'],
    });
    expect(computeNodeIssues(node({ url: 'x', authentication: '={{ "none" }}' }), description)?.parameters).toBeUndefined();
  });

  it('checks fixedCollection entries', () => {
    const issues = computeNodeIssues(node({ url: 'x', rules: { rule: [{ field: 'a' }, { field: '', operation: 'bogus' }] } }), description);
    expect(issues?.parameters).toEqual({
      'rules.rule[1].field': ['Parameter "Field" is required.'],
      'rules.rule[1].operation': ['The value "bogus" is not supported!'],
    });
    const bad = computeNodeIssues(node({ url: 'x', rules: { rule: [{ field: 'a', operation: 'bogus' }] } }), description);
    expect(bad?.parameters).toEqual({ 'rules.rule[0].operation': ['The value "bogus" is not supported!'] });
  });

  it('reports required credentials only when their display rule holds', () => {
    expect(computeNodeIssues(node({ url: 'x', authentication: 'apiKey' }), description)?.credentials).toEqual({
      testApi: ['Credentials for "testApi" are not set.'],
    });
    expect(computeNodeIssues(node({ url: 'x', authentication: 'apiKey' }, { credentials: { testApi: { id: '1', name: 'k' } } }), description)).toBeUndefined();
  });

  it('names the credential type by its display name when the editor knows it, and asks to reconnect a refused OAuth credential', () => {
    const missing = computeNodeIssues(node({ url: 'x', authentication: 'apiKey' }), description, { credentialTypeNames: { testApi: 'Test API' } });
    expect(missing?.credentials).toEqual({ testApi: ['Credentials for "Test API" are not set.'] });
    const withOAuth = (oauth: 'connected' | 'reconnect') =>
      computeNodeIssues(node({ url: 'x', authentication: 'apiKey' }, { credentials: { testApi: { id: '7', name: 'Mail' } } }), description, {
        credentials: [{ id: '7', name: 'Mail', type: 'testApi', oauth }],
      });
    expect(withOAuth('connected')).toBeUndefined();
    expect(withOAuth('reconnect')?.credentials).toEqual({
      testApi: ['Credential "Mail" must be reconnected: its OAuth provider refused to renew access. Open the credential and reconnect it.'],
    });
  });

  it("HTTP Request's generic credential type, named by a parameter, must be chosen", () => {
    const http = builtinNodeTypes.get('n8n-nodes-base.httpRequest', 4.2)!.description;
    const n = (credentials?: INode['credentials']): INode => ({
      id: 'h', name: 'HTTP Request', type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, position: [0, 0],
      parameters: { url: 'https://example.com', authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' }, credentials,
    });
    expect(computeNodeIssues(n(), http)?.credentials).toEqual({ httpHeaderAuth: ['Credentials for "httpHeaderAuth" are not set.'] });
    expect(computeNodeIssues(n({ httpHeaderAuth: { id: '1', name: 'Header' } }), http)).toBeUndefined();
    expect(computeNodeIssues(n({ httpBasicAuth: { id: '1', name: 'Basic' } }), http)?.credentials).toBeDefined();
  });

  it('with the stored credentials: a named credential must exist, by id or by a name unique for its type (spec 001 §5)', () => {
    const known = [
      { id: '7', name: 'Prod key', type: 'testApi' },
      { id: '8', name: 'Shared', type: 'testApi' },
      { id: '9', name: 'Shared', type: 'testApi' },
      { id: '10', name: 'Other type', type: 'otherApi' },
    ];
    const withCred = (ref: { id: string | null; name: string }) => computeNodeIssues(node({ url: 'x', authentication: 'apiKey' }, { credentials: { testApi: ref } }), description, { credentials: known });
    expect(withCred({ id: '7', name: 'renamed since' })).toBeUndefined(); // by id
    expect(withCred({ id: 'elsewhere-1', name: 'Prod key' })).toBeUndefined(); // by name (an import from another instance)
    expect(withCred({ id: null, name: 'Missing' })?.credentials).toEqual({
      testApi: ['Credentials with name "Missing" do not exist for "testApi".', 'You can create credentials with the exact name and then they get auto-selected on refresh.'],
    });
    expect(withCred({ id: 'x', name: 'Other type' })?.credentials?.testApi?.[0]).toBe('Credentials with name "Other type" do not exist for "testApi".');
    expect(withCred({ id: 'x', name: 'Shared' })?.credentials).toEqual({
      testApi: ['Credentials with name "Shared" exist for "testApi"', 'Credentials are not clearly identified. Please select the correct credentials.'],
    });
    expect(withCred({ id: '9', name: 'Shared' })).toBeUndefined(); // the id settles it
    // Without the stored list (not loaded yet, or the server) only missing credentials count.
    expect(computeNodeIssues(node({ url: 'x', authentication: 'apiKey' }, { credentials: { testApi: { id: null, name: 'Missing' } } }), description)).toBeUndefined();
    // A credential the node no longer shows (authentication none) is not checked.
    expect(computeNodeIssues(node({ url: 'x', authentication: 'none' }, { credentials: { testApi: { id: null, name: 'Missing' } } }), description, { credentials: known })).toBeUndefined();
    expect(issueMessages(withCred({ id: null, name: 'Missing' }))).toHaveLength(2);
    // Older files name the credential alone: read as {id: null, name} and matched by name.
    const byName = (ref: unknown) => computeNodeIssues(node({ url: 'x', authentication: 'apiKey' }, { credentials: { testApi: ref } } as never), description, { credentials: known });
    expect(byName('Prod key')).toBeUndefined();
    expect(byName('Missing')?.credentials?.testApi?.[0]).toBe('Credentials with name "Missing" do not exist for "testApi".');
    expect(byName(null)?.credentials).toEqual({ testApi: ['Credentials for "testApi" are not set.'] });
  });

  it('reports an unknown node type with n8n\'s line, and the installed versions of a known type', () => {
    expect(computeNodeIssues(node({}), undefined)).toEqual({ typeUnknown: true });
    const n = node({});
    expect(issueMessages(computeNodeIssues(n, undefined), n)).toEqual([`Node Type "${n.type}" is not known.`]);
    expect(issueMessages(computeNodeIssues(n, undefined))).toEqual(['Node Type is not known.']);
    const v = { ...n, typeVersion: 7 };
    expect(issueMessages(computeNodeIssues(v, undefined, { knownVersions: [2, 1] }), v)).toEqual([`Node Type "${n.type}" is not known in version 7 (installed: 1, 2).`]);
  });

  it('disabled nodes and nodes with pinned data report nothing', () => {
    expect(computeNodeIssues(node({}, { disabled: true }), description)).toBeUndefined();
    expect(computeNodeIssues(node({}), description, { hasPinData: true })).toBeUndefined();
  });

  it('execution errors show but do not block a run', () => {
    const issues = computeNodeIssues(node({ url: 'x' }), description, { hasRunError: true });
    expect(issueMessages(issues)).toEqual(['Execution Error.']);
    expect(blockingIssueMessages(issues)).toEqual([]);
  });
});
