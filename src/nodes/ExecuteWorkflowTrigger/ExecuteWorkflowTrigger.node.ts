// Execute Workflow Trigger v1, 1.1: where a workflow called by Execute Workflow starts; it passes
// on the items the calling node sent (in a manual run, the start item). 1.1 declares the inputs
// it accepts (fields below, or a JSON example) and then keeps only those fields, missing ones as
// null; "Accept all data" passes everything on, as v1 does.
import type { IDataObject } from '../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions, type NodeType } from '../types.ts';
import { parseJsonLoose } from '../shared/typeValidation.ts';

const TYPE_OPTIONS = [
  { name: 'Allow Any Type', value: 'any' },
  { name: 'String', value: 'string' },
  { name: 'Number', value: 'number' },
  { name: 'Boolean', value: 'boolean' },
  { name: 'Array', value: 'array' },
  { name: 'Object', value: 'object' },
];

/** The input names the trigger declares (n8n's getFieldEntries). */
function declaredFields(ctx: ExecuteFunctions, inputSource: string): string[] {
  if (inputSource === 'workflowInputs') {
    return ((ctx.getNodeParameter('workflowInputs.values', 0, []) as Array<{ name?: string }> | null) ?? []).map((v) => String(v.name ?? ''));
  }
  if (inputSource === 'jsonExample') {
    const raw = ctx.getNodeParameter('jsonExample', 0, '') as unknown;
    let example: unknown = raw;
    try {
      if (typeof raw === 'string') example = parseJsonLoose(raw);
    } catch (e) {
      throw new NodeOperationError(ctx.getNode(), (e as Error).message);
    }
    if (!example || typeof example !== 'object' || Array.isArray(example)) throw new NodeOperationError(ctx.getNode(), 'Invalid JSON schema. Missing key `properties` in schema');
    return Object.keys(example as IDataObject);
  }
  throw new NodeOperationError(ctx.getNode(), 'Internal Error: Invalid input source');
}

export const executeWorkflowTrigger: NodeType = {
  kind: 'trigger',
  executesInEveryMode: true,
  description: {
    name: 'n8n-nodes-base.executeWorkflowTrigger',
    displayName: 'Execute Workflow Trigger',
    description: 'Helpers for calling other n8n workflows. Used for designing modular, microservice-like workflows.',
    icon: 'fa:sign-out-alt',
    iconColor: 'orange-red',
    group: ['trigger'],
    version: [1, 1.1],
    defaultVersion: 1.1,
    eventTriggerDescription: '',
    maxNodes: 1,
    defaults: { name: 'When Executed by Another Workflow', color: '#ff6d5a' },
    inputs: [],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Helpers'] }, alias: ['Workflow', 'Call', 'Sub-workflow', 'Trigger'] },
    properties: [
      {
        displayName: 'Events',
        name: 'events',
        type: 'hidden',
        noDataExpression: true,
        options: [{ name: 'Workflow Call', value: 'worklfow_call', description: 'When executed by another workflow using Execute Workflow Trigger', action: 'When executed by Another Workflow' }],
        default: 'worklfow_call',
      },
      {
        displayName:
          "When an ‘execute workflow’ node calls this workflow, the execution starts here. Any data passed into the 'execute workflow' node will be output by this node.",
        name: 'notice',
        type: 'notice',
        default: '',
        displayOptions: { show: { '@version': [{ _cnd: { eq: 1 } }] } },
      },
      {
        displayName: 'This node is out of date. Please upgrade by removing it and adding a new one',
        name: 'outdatedVersionWarning',
        type: 'notice',
        displayOptions: { show: { '@version': [{ _cnd: { eq: 1 } }] } },
        default: '',
      },
      {
        displayName: 'Input data mode',
        name: 'inputSource',
        type: 'options',
        options: [
          { name: 'Define using fields below', value: 'workflowInputs', description: 'Provide input fields via UI' },
          { name: 'Define using JSON example', value: 'jsonExample', description: 'Generate a schema from an example JSON object' },
          { name: 'Accept all data', value: 'passthrough', description: 'Use all incoming data from the parent workflow' },
        ],
        default: 'workflowInputs',
        noDataExpression: true,
        displayOptions: { show: { '@version': [{ _cnd: { gte: 1.1 } }] } },
      },
      {
        displayName: 'Provide an example object to infer fields and their types.<br>To allow any type for a given field, set the value to null.',
        name: 'jsonExample_notice',
        type: 'notice',
        default: '',
        displayOptions: { show: { '@version': [{ _cnd: { gte: 1.1 } }], inputSource: ['jsonExample'] } },
      },
      {
        displayName: 'JSON Example',
        name: 'jsonExample',
        type: 'json',
        default: JSON.stringify({ aField: 'a string', aNumber: 123, thisFieldAcceptsAnyType: null, anArray: [] }, null, 2),
        noDataExpression: true,
        displayOptions: { show: { '@version': [{ _cnd: { gte: 1.1 } }], inputSource: ['jsonExample'] } },
      },
      {
        displayName: 'Workflow Input Schema',
        name: 'workflowInputs',
        placeholder: 'Add field',
        type: 'fixedCollection',
        description: 'Define expected input fields. If no inputs are provided, all data from the calling workflow will be passed through.',
        typeOptions: { multipleValues: true, sortable: true, minRequiredFields: 1 },
        displayOptions: { show: { '@version': [{ _cnd: { gte: 1.1 } }], inputSource: ['workflowInputs'] } },
        default: {},
        options: [
          {
            name: 'values',
            displayName: 'Values',
            values: [
              { displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. fieldName', description: 'A unique name for this workflow input, used to reference it from another workflows', required: true, noDataExpression: true },
              { displayName: 'Type', name: 'type', type: 'options', description: "Expected data type for this input value. Determines how this field's values are stored, validated, and displayed.", options: TYPE_OPTIONS, required: true, default: 'string', noDataExpression: true },
            ],
          },
        ],
      },
    ],
  },
  async execute(ctx) {
    const items = ctx.getInputData();
    const inputSource = ctx.getNodeParameter('inputSource', 0, 'passthrough') as string;
    if (inputSource === 'passthrough') return [items];
    const fields = declaredFields(ctx, inputSource);
    const keep = new Set(fields);
    return [
      items.map(({ json, binary }) => {
        const out: IDataObject = Object.fromEntries(fields.map((f) => [f, null]));
        for (const [k, v] of Object.entries(json)) if (keep.has(k)) out[k] = v;
        return binary ? { json: out, binary } : { json: out };
      }),
    ];
  },
};
