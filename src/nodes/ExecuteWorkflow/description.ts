// Execute Workflow v1–1.3 ("Execute Sub-workflow" in n8n's list): where the workflow comes from,
// and whether it runs once with all items or once per item. 1.1 picks the workflow with a
// workflow selector (a resource locator value); 1.2 offers only Database / Define Below and maps
// the sub-workflow's declared inputs (workflowInputs); 1.3 puts every failed item of "each" mode
// on the first output instead of one output per item.
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';

export const executeWorkflowDescription: INodeTypeDescription = {
  name: 'n8n-nodes-base.executeWorkflow',
  displayName: 'Execute Workflow',
  description: 'Execute another workflow',
  icon: 'fa:sign-in-alt',
  iconColor: 'orange-red',
  group: ['transform'],
  version: [1, 1.1, 1.2, 1.3],
  defaultVersion: 1.3,
  subtitle: '={{"Workflow: " + $parameter["workflowId"]}}',
  defaults: { name: 'Execute Workflow', color: '#ff6d5a' },
  inputs: ['main'],
  outputs: ['main'],
  codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Helpers', 'Flow'] }, alias: ['n8n', 'call', 'sub', 'workflow', 'sub-workflow', 'subworkflow'] },
  properties: [
    { displayName: 'Operation', name: 'operation', type: 'hidden', noDataExpression: true, default: 'call_workflow', options: [{ name: 'Execute a Sub-Workflow', value: 'call_workflow' }] },
    {
      displayName: 'This node is out of date. Please upgrade by removing it and adding a new one',
      name: 'outdatedVersionWarning',
      type: 'notice',
      displayOptions: { show: { '@version': [{ _cnd: { lte: 1.1 } }] } },
      default: '',
    },
    {
      displayName: 'Source',
      name: 'source',
      type: 'options',
      options: [
        { name: 'Database', value: 'database', description: 'Load the workflow from the database by ID' },
        { name: 'Local File', value: 'localFile', description: 'Load the workflow from a locally saved file' },
        { name: 'Parameter', value: 'parameter', description: 'Load the workflow from a parameter' },
        { name: 'URL', value: 'url', description: 'Load the workflow from an URL' },
      ],
      default: 'database',
      description: 'Where to get the workflow to execute from',
      displayOptions: { show: { '@version': [{ _cnd: { lte: 1.1 } }] } },
    },
    {
      displayName: 'Source',
      name: 'source',
      type: 'options',
      options: [
        { name: 'Database', value: 'database', description: 'Load the workflow from the database by ID' },
        { name: 'Define Below', value: 'parameter', description: 'Pass the JSON code of a workflow' },
      ],
      default: 'database',
      description: 'Where to get the workflow to execute from',
      displayOptions: { show: { '@version': [{ _cnd: { gte: 1.2 } }] } },
    },
    {
      displayName: 'Workflow ID',
      name: 'workflowId',
      type: 'string',
      displayOptions: { show: { source: ['database'], '@version': [1] } },
      default: '',
      required: true,
      hint: 'Can be found in the URL of the workflow',
      description:
        "Note on using an expression here: if this node is set to run once with all items, they will all be sent to the <em>same</em> workflow. That workflow's ID will be calculated by evaluating the expression for the <strong>first input item</strong>.",
    },
    {
      // n8n's 'workflowSelector': a resource locator ({ __rl, value, mode }). 'list' searches the
      // caller's workflows on the server (searchWorkflows); 'url' takes a workflow's address.
      displayName: 'Workflow',
      name: 'workflowId',
      type: 'resourceLocator',
      displayOptions: { show: { source: ['database'], '@version': [{ _cnd: { gte: 1.1 } }] } },
      default: '',
      required: true,
      modes: [
        { displayName: 'From list', name: 'list', type: 'list', placeholder: 'Select a workflow…', typeOptions: { searchListMethod: 'searchWorkflows', searchable: true } },
        {
          displayName: 'By ID',
          name: 'id',
          type: 'string',
          placeholder: 'e.g. 4rG8aLd1UuQ2kv3N',
          validation: [{ type: 'regex', properties: { regex: '^[0-9a-zA-Z_-]{1,64}$', errorMessage: 'Not a valid workflow ID' } }],
        },
        {
          displayName: 'By URL',
          name: 'url',
          type: 'string',
          placeholder: 'e.g. http://localhost:5678/workflow/4rG8aLd1UuQ2kv3N',
          validation: [{ type: 'regex', properties: { regex: '.*/workflows?/[0-9a-zA-Z_-]{1,64}.*', errorMessage: 'Not a workflow URL' } }],
        },
      ],
    },
    {
      displayName: 'Workflow Path',
      name: 'workflowPath',
      type: 'string',
      displayOptions: { show: { source: ['localFile'] } },
      default: '',
      placeholder: '/data/workflow.json',
      required: true,
      description: 'The path to local JSON workflow file to execute',
    },
    {
      displayName: 'Workflow JSON',
      name: 'workflowJson',
      type: 'json',
      typeOptions: { rows: 10 },
      displayOptions: { show: { source: ['parameter'] } },
      default: '\n\n\n',
      required: true,
      description: 'The workflow JSON code to execute',
    },
    {
      displayName: 'Workflow URL',
      name: 'workflowUrl',
      type: 'string',
      displayOptions: { show: { source: ['url'] } },
      default: '',
      placeholder: 'https://example.com/workflow.json',
      required: true,
      description: 'The URL from which to load the workflow from',
    },
    {
      displayName:
        'Any data you pass into this node will be output by the Execute Workflow Trigger. <a href="https://docs.n8n.io/integrations/builtin/core-nodes/n8n-nodes-base.executeworkflow/" target="_blank">More info</a>',
      name: 'executeWorkflowNotice',
      type: 'notice',
      default: '',
      displayOptions: { show: { '@version': [{ _cnd: { lte: 1.1 } }] } },
    },
    {
      // Values for the inputs the sub-workflow's trigger declares; merged over each item.
      displayName: 'Workflow Inputs',
      name: 'workflowInputs',
      type: 'resourceMapper',
      noDataExpression: true,
      default: { mappingMode: 'defineBelow', value: null },
      required: true,
      displayOptions: { show: { source: ['database'], '@version': [{ _cnd: { gte: 1.2 } }] }, hide: { workflowId: [''] } },
    },
    {
      displayName: 'Mode',
      name: 'mode',
      type: 'options',
      noDataExpression: true,
      options: [
        { name: 'Run once with all items', value: 'once', description: 'Pass all items into a single execution of the sub-workflow' },
        { name: 'Run once for each item', value: 'each', description: 'Call the sub-workflow individually for each item' },
      ],
      default: 'once',
    },
    {
      displayName: 'Options',
      name: 'options',
      type: 'collection',
      default: {},
      placeholder: 'Add option',
      options: [
        {
          displayName: 'Wait For Sub-Workflow Completion',
          name: 'waitForSubWorkflow',
          type: 'boolean',
          default: true,
          description: 'Whether the main workflow should wait for the sub-workflow to complete its execution before proceeding',
        },
      ],
    },
  ],
};
