// The n8n node's parameters (n8n's N8n node 1: resources audit, credential, execution, workflow).
import type { INodeProperties, INodeTypeDescription } from '../../model/nodeTypes.ts';

const on = (resource: string, operation?: string[], extra: Record<string, unknown[]> = {}) => ({ show: { resource: [resource], ...(operation ? { operation } : {}), ...extra } });

export const workflowIdLocator: INodeProperties = {
  displayName: 'Workflow',
  name: 'workflowId',
  type: 'resourceLocator',
  default: { mode: 'list', value: '' },
  description: 'Workflow to filter the executions by',
  modes: [
    { displayName: 'From List', name: 'list', type: 'list', placeholder: 'Select a Workflow...', typeOptions: { searchListMethod: 'searchWorkflows', searchFilterRequired: false, searchable: true } },
    {
      displayName: 'By URL',
      name: 'url',
      type: 'string',
      placeholder: 'http://127.0.0.1:5678/workflow/1',
      validation: [{ type: 'regex', properties: { regex: '.*/workflow/([^/?#]+)', errorMessage: 'Not a valid Workflow URL' } }],
      extractValue: { type: 'regex', regex: '.*/workflow/([^/?#]+)' },
    },
    { displayName: 'ID', name: 'id', type: 'string', placeholder: '1' },
  ],
} as unknown as INodeProperties;

const workflowOp = (operation: string): INodeProperties => ({ ...workflowIdLocator, required: true, displayOptions: on('workflow', [operation]) }) as INodeProperties;

const WORKFLOW_JSON_PLACEHOLDER = '{\n  "name": "My workflow",\n  "nodes": [],\n  "connections": {},\n  "settings": {}\n}';

export const n8nProperties: INodeProperties[] = [
  {
    displayName: 'Resource',
    name: 'resource',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Audit', value: 'audit' },
      { name: 'Credential', value: 'credential' },
      { name: 'Execution', value: 'execution' },
      { name: 'Workflow', value: 'workflow' },
    ],
    default: 'workflow',
  },
  // audit
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    default: 'get',
    displayOptions: on('audit'),
    options: [{ name: 'Generate', value: 'generate', action: 'Generate a security audit', description: 'Generate a security audit for this n8n instance' }],
  },
  {
    displayName: 'Additional Options',
    name: 'additionalOptions',
    type: 'collection',
    placeholder: 'Add Filter',
    displayOptions: on('audit'),
    default: {},
    options: [
      {
        displayName: 'Categories',
        name: 'categories',
        description: 'Risk categories to include in the audit',
        type: 'multiOptions',
        default: [],
        options: ['credentials', 'database', 'filesystem', 'instance', 'nodes'].map((v) => ({ name: v[0].toUpperCase() + v.slice(1), value: v })),
      },
      { displayName: 'Days Abandoned Workflow', name: 'daysAbandonedWorkflow', description: 'Days for a workflow to be considered abandoned if not executed', type: 'number', default: 90 },
    ],
  },
  // credential
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    default: 'create',
    displayOptions: on('credential'),
    options: [
      { name: 'Create', value: 'create', action: 'Create a credential' },
      { name: 'Delete', value: 'delete', action: 'Delete a credential' },
      { name: 'Get Schema', value: 'getSchema', action: 'Get credential data schema for type' },
    ],
  },
  { displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. n8n account', required: true, displayOptions: on('credential', ['create']), description: 'Name of the new credential' },
  { displayName: 'Credential Type', name: 'credentialTypeName', type: 'string', placeholder: 'e.g. n8nApi', default: '', required: true, displayOptions: on('credential', ['create']), description: "The available types depend on nodes installed on the instance, e.g. 'httpHeaderAuth', 'githubApi' or 'slackApi'." },
  {
    displayName: 'Data',
    name: 'data',
    type: 'json',
    default: '',
    placeholder: '// e.g. for n8nApi \n{\n  "apiKey": "my-api-key",\n  "baseUrl": "http://127.0.0.1:5678/api/v1",\n}',
    required: true,
    typeOptions: { alwaysOpenEditWindow: true },
    displayOptions: on('credential', ['create']),
    description: "A valid JSON object with properties required for this Credential Type. To see the expected format, you can use 'Get Schema' operation.",
  },
  { displayName: 'Credential ID', name: 'credentialId', type: 'string', required: true, default: '', displayOptions: on('credential', ['delete']) },
  { displayName: 'Credential Type', name: 'credentialTypeName', default: '', placeholder: 'e.g. n8nApi', required: true, type: 'string', displayOptions: on('credential', ['getSchema']), description: "The available types depend on nodes installed on the instance, e.g. 'httpHeaderAuth', 'githubApi' or 'slackApi'." },
  // execution
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    default: 'getAll',
    displayOptions: on('execution'),
    options: [
      { name: 'Get', value: 'get', action: 'Get an execution' },
      { name: 'Get Many', value: 'getAll', action: 'Get many executions' },
      { name: 'Delete', value: 'delete', action: 'Delete an execution' },
    ],
  },
  { displayName: 'Execution ID', name: 'executionId', type: 'string', required: true, displayOptions: on('execution', ['delete']), default: '' },
  { displayName: 'Return All', name: 'returnAll', type: 'boolean', default: false, displayOptions: on('execution', ['getAll']), description: 'Whether to return all results or only up to a given limit' },
  { displayName: 'Limit', name: 'limit', type: 'number', default: 100, typeOptions: { minValue: 1, maxValue: 250 }, displayOptions: on('execution', ['getAll'], { returnAll: [false] }), description: 'Max number of results to return' },
  {
    displayName: 'Filters',
    name: 'filters',
    type: 'collection',
    placeholder: 'Add Filter',
    default: {},
    displayOptions: on('execution', ['getAll']),
    options: [
      { ...workflowIdLocator, description: 'Workflow to filter the executions by' } as INodeProperties,
      {
        displayName: 'Status',
        name: 'status',
        type: 'options',
        options: [
          { name: 'Error', value: 'error' },
          { name: 'Success', value: 'success' },
          { name: 'Waiting', value: 'waiting' },
        ],
        default: 'success',
        description: 'Status to filter the executions by',
      },
    ],
  },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    default: {},
    placeholder: 'Add Option',
    displayOptions: on('execution', ['getAll']),
    options: [{ displayName: 'Include Execution Details', name: 'activeWorkflows', type: 'boolean', default: false, description: 'Whether to include the detailed execution data' }],
  },
  { displayName: 'Execution ID', name: 'executionId', type: 'string', required: true, default: '', displayOptions: on('execution', ['get']) },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    default: {},
    placeholder: 'Add Option',
    displayOptions: on('execution', ['get']),
    options: [{ displayName: 'Include Execution Details', name: 'activeWorkflows', type: 'boolean', default: false, description: 'Whether to include the detailed execution data' }],
  },
  // workflow
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    default: 'getAll',
    displayOptions: on('workflow'),
    options: [
      { name: 'Activate', value: 'activate', action: 'Activate a workflow' },
      { name: 'Create', value: 'create', action: 'Create a workflow' },
      { name: 'Deactivate', value: 'deactivate', action: 'Deactivate a workflow' },
      { name: 'Delete', value: 'delete', action: 'Delete a workflow' },
      { name: 'Get', value: 'get', action: 'Get a workflow' },
      { name: 'Get Many', value: 'getAll', action: 'Get many workflows' },
      { name: 'Update', value: 'update', action: 'Update a workflow' },
    ],
  },
  workflowOp('activate'),
  {
    displayName: 'Workflow Object',
    name: 'workflowObject',
    type: 'json',
    default: '{ "name": "My workflow", "nodes": [], "connections": {}, "settings": {} }',
    placeholder: WORKFLOW_JSON_PLACEHOLDER,
    required: true,
    typeOptions: { alwaysOpenEditWindow: true },
    displayOptions: on('workflow', ['create']),
    description: "A valid JSON object with required fields: 'name', 'nodes', 'connections' and 'settings'.",
  },
  workflowOp('deactivate'),
  workflowOp('delete'),
  { displayName: 'Return All', name: 'returnAll', type: 'boolean', default: true, displayOptions: on('workflow', ['getAll']), description: 'Whether to return all results or only up to a given limit' },
  { displayName: 'Limit', name: 'limit', type: 'number', default: 100, typeOptions: { minValue: 1, maxValue: 250 }, displayOptions: on('workflow', ['getAll'], { returnAll: [false] }), description: 'Max number of results to return' },
  {
    displayName: 'Filters',
    name: 'filters',
    type: 'collection',
    default: {},
    displayOptions: on('workflow', ['getAll']),
    options: [
      { displayName: 'Return Only Active Workflows', name: 'activeWorkflows', type: 'boolean', default: true },
      { displayName: 'Tags', name: 'tags', type: 'string', default: '', description: 'Include only workflows with these tags', hint: 'Comma separated list of tags (empty value is ignored)' },
    ],
  },
  workflowOp('get'),
  workflowOp('update'),
  {
    displayName: 'Workflow Object',
    name: 'workflowObject',
    type: 'json',
    default: '',
    placeholder: WORKFLOW_JSON_PLACEHOLDER,
    required: true,
    typeOptions: { alwaysOpenEditWindow: true },
    displayOptions: on('workflow', ['update']),
    description: "A valid JSON object with required fields: 'name', 'nodes', 'connections' and 'settings'.",
  },
  // n8n adds this collection to every declarative node; Ignore SSL Issues and Timeout are honoured
  // here (Batching and Proxy are not offered).
  {
    displayName: 'Request Options',
    name: 'requestOptions',
    type: 'collection',
    isNodeSetting: true,
    placeholder: 'Add Option',
    default: {},
    options: [
      { displayName: 'Ignore SSL Issues (Insecure)', name: 'allowUnauthorizedCerts', type: 'boolean', noDataExpression: true, default: false, description: 'Whether to accept the response even if SSL certificate validation is not possible' },
      { displayName: 'Timeout', name: 'timeout', type: 'number', typeOptions: { minValue: 1 }, default: 10000, description: 'Time in ms to wait for the server to send response headers (and start the response body) before aborting the request' },
    ],
  },
] as INodeProperties[];

export const n8nDescription: INodeTypeDescription = {
  displayName: 'n8n',
  name: 'n8n-nodes-base.n8n',
  icon: 'fa:server',
  group: ['transform'],
  version: 1,
  subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
  description: 'Consume the public API of this instance (or of n8n)',
  defaults: { name: 'n8n' },
  inputs: ['main'],
  outputs: ['main'],
  credentials: [{ name: 'n8nApi', required: true }],
  properties: n8nProperties,
};
