// Function Item (legacy, n8n-nodes-base.functionItem v1): user JavaScript run once per item
// with the item's JSON as `item`; what it returns becomes the item's JSON.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { NodeOperationError, type NodeType } from '../types.ts';

const DEFAULT_CODE = `// Code here will run once per input item.
// More info and help: https://docs.n8n.io/integrations/builtin/core-nodes/n8n-nodes-base.functionitem/
// Tip: You can use luxon for dates and $jmespath for querying JSON structures

// Add a new field called 'myNewField' to the JSON of the item
item.myNewField = 1;

// You can write logs to the browser console
console.log('Done!');

return item;`;

export const functionItemNode: NodeType = {
  kind: 'regular',
  evaluatesItemsItself: true,
  description: {
    name: 'n8n-nodes-base.functionItem',
    displayName: 'Function Item',
    description: 'Run custom function code which gets executed once per item',
    icon: 'fa:code',
    group: ['transform'],
    version: 1,
    hidden: true,
    defaults: { name: 'Function Item', color: '#ddbb33' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Helpers', 'Data Transformation'] }, alias: ['Code', 'Javascript', 'JS', 'Script'] },
    properties: [
      { displayName: 'A newer version of this node type is available, called the ‘Code’ node', name: 'notice', type: 'notice', default: '' },
      {
        displayName: 'JavaScript Code',
        name: 'functionCode',
        typeOptions: { alwaysOpenEditWindow: true, codeAutocomplete: 'functionItem', editor: 'code', rows: 10 },
        type: 'string',
        default: DEFAULT_CODE,
        description: 'The JavaScript code to execute for each item',
        noDataExpression: true,
      },
    ],
  },
  async execute(ctx) {
    const items = ctx.getInputData();
    const out: INodeExecutionData[] = [];
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      try {
        const code = ctx.getNodeParameter('functionCode', itemIndex, undefined, { rawExpressions: true }) as string;
        let json: unknown;
        try {
          json = await ctx.code.runCode({ code, mode: 'runOnceForEachItem', itemIndex, legacy: 'functionItem' });
        } catch (error) {
          if (ctx.continueOnFail()) {
            out.push({ json: { error: (error as Error).message } });
            continue;
          }
          (error as Error).message = `${(error as Error).message} [Item Index: ${itemIndex}]`;
          throw error;
        }
        // The sandbox hands back a missing return value as null.
        if (json === undefined || json === null) throw new NodeOperationError(ctx.getNode(), 'No data got returned. Always an object has to be returned!');
        const item: INodeExecutionData = { json: json as IDataObject, pairedItem: { item: itemIndex } };
        if (items[itemIndex].binary) item.binary = items[itemIndex].binary;
        out.push(item);
      } catch (error) {
        if (ctx.continueOnFail()) {
          out.push({ json: { error: (error as Error).message }, pairedItem: { item: itemIndex } });
          continue;
        }
        throw error;
      }
    }
    return [out];
  },
};
