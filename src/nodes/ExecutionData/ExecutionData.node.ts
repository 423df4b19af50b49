// Execution Data: n8n-nodes-base.executionData 1 and 1.1. Saves key/value pairs as the execution's
// custom data (n8n's customData, model/executionCustomData.ts): stored with the execution's run data
// (resultData.metadata), so GET /rest/executions/:id shows it. Items pass through unchanged.
// 1.1: an empty value is saved as '' (1 refuses a missing value, as n8n's).
import type { INodeExecutionData } from '../../model/execution.ts';
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';
import { NodeOperationError, type NodeType } from '../types.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';

const description: INodeTypeDescription = {
  displayName: 'Execution Data',
  name: 'n8n-nodes-base.executionData',
  icon: 'fa:tasks',
  iconColor: 'light-green',
  group: ['input'],
  version: [1, 1.1],
  defaultVersion: 1.1,
  description: 'Add execution data for search',
  defaults: { name: 'Execution Data', color: '#29A568' },
  inputs: ['main'],
  outputs: ['main'],
  properties: [
    {
      displayName: 'Save important data using this node. It will be stored with each execution for easy reference (at most 10 keys of letters, digits and _; keys are cut to 50 and values to 512 characters).',
      name: 'notice',
      type: 'notice',
      default: '',
    },
    {
      displayName: 'Operation',
      name: 'operation',
      type: 'options',
      default: 'save',
      noDataExpression: true,
      options: [{ name: 'Save Highlight Data (for Search/review)', value: 'save', action: 'Save Highlight Data (for search/review)' }],
    },
    {
      displayName: 'Data to Save',
      name: 'dataToSave',
      placeholder: 'Add Saved Field',
      type: 'fixedCollection',
      typeOptions: { multipleValueButtonText: 'Add Saved Field', multipleValues: true },
      displayOptions: { show: { operation: ['save'] } },
      default: {},
      options: [
        {
          displayName: 'Values',
          name: 'values',
          values: [
            { displayName: 'Key', name: 'key', type: 'string', default: '', placeholder: 'e.g. myKey' },
            { displayName: 'Value', name: 'value', type: 'string', default: '', placeholder: 'e.g. myValue' },
          ],
        },
      ],
    },
  ],
};

export const executionData: NodeType = {
  kind: 'regular',
  description,
  async execute(ctx) {
    const items = ctx.getInputData();
    const version = ctx.getNode().typeVersion;
    const operation = ctx.getNodeParameter('operation', 0, 'save') as string;
    if (operation !== 'save') return [items];
    const customData = ctx.executionCustomData?.();
    if (!customData) throw new NodeOperationError(ctx.getNode(), 'This run has no execution to save custom data to');
    const out: INodeExecutionData[] = [];
    for (let i = 0; i < items.length; i++) {
      if (sliceDue()) await yieldToLoop();
      try {
        const collection = ctx.getNodeParameter('dataToSave', i, {}) as { values?: Array<{ key?: unknown; value?: unknown }> };
        const values: Record<string, unknown> = {};
        for (const { key, value } of collection.values ?? []) {
          values[String(key ?? '')] = value ? value : version >= 1.1 ? '' : value;
        }
        customData.setAll(values);
        out.push(items[i]);
      } catch (error) {
        if (ctx.continueOnFail()) {
          out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
          continue;
        }
        throw error instanceof NodeOperationError ? error : new NodeOperationError(ctx.getNode(), (error as Error).message, { itemIndex: i });
      }
    }
    return [out];
  },
};
