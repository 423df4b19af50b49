// Stop and Error: fails the workflow on purpose with a message or an error object.
import type { NodeType } from '../types.ts';
import { NodeOperationError } from '../types.ts';

const ERROR_OBJECT_PLACEHOLDER = `{
	"code": "404",
	"description": "The resource could not be fetched"
}`;

export const stopAndError: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-base.stopAndError',
    displayName: 'Stop and Error',
    description: 'Throw an error in the workflow',
    icon: 'fa:exclamation-triangle',
    iconColor: 'red',
    group: ['input'],
    version: 1,
    defaults: { name: 'Stop and Error', color: '#ff0000' },
    inputs: ['main'],
    outputs: [],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Flow', 'Helpers'] }, alias: ['Throw error', 'Error', 'Exception'] },
    properties: [
      {
        displayName: 'Error Type',
        name: 'errorType',
        type: 'options',
        options: [
          { name: 'Error Message', value: 'errorMessage' },
          { name: 'Error Object', value: 'errorObject' },
        ],
        default: 'errorMessage',
        description: 'Type of error to throw',
      },
      {
        displayName: 'Error Message',
        name: 'errorMessage',
        type: 'string',
        placeholder: 'An error occurred!',
        default: '',
        required: true,
        displayOptions: { show: { errorType: ['errorMessage'] } },
      },
      {
        displayName: 'Error Object',
        name: 'errorObject',
        type: 'json',
        description: 'Object containing error properties',
        default: '',
        typeOptions: { alwaysOpenEditWindow: true },
        placeholder: ERROR_OBJECT_PLACEHOLDER,
        required: true,
        displayOptions: { show: { errorType: ['errorObject'] } },
      },
    ],
  },
  async execute(ctx) {
    const node = ctx.getNode();
    if (ctx.getNodeParameter('errorType', 0) === 'errorMessage') {
      throw new NodeOperationError(node, String(ctx.getNodeParameter('errorMessage', 0) ?? ''));
    }
    const raw = ctx.getNodeParameter('errorObject', 0);
    let errorObject: Record<string, unknown>;
    try {
      errorObject = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>;
    } catch {
      throw new NodeOperationError(node, 'The error object is not valid JSON');
    }
    const { id, name } = ctx.getWorkflow();
    const details: Record<string, unknown> = { name: 'User-thrown error', message: `Workflow ID ${id} "${name}" has failed`, ...errorObject };
    const error = new NodeOperationError(node, String(details.message), {
      description: typeof details.description === 'string' ? details.description : undefined,
    });
    error.context = { ...error.context, ...details };
    throw error;
  },
};
