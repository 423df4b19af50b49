// Function (legacy, n8n-nodes-base.function v1): user JavaScript that gets all items as
// `items` and returns the new list; runs in the Code sandbox.
import type { NodeType } from '../types.ts';
import { validateFunctionItems } from './validateItems.ts';

const DEFAULT_CODE = `// Code here will run only once, no matter how many input items there are.
// More info and help:https://docs.n8n.io/integrations/builtin/core-nodes/n8n-nodes-base.function/
// Tip: You can use luxon for dates and $jmespath for querying JSON structures

// Loop over inputs and add a new field called 'myNewField' to the JSON of each one
for (item of items) {
  item.json.myNewField = 1;
}

// You can write logs to the browser console
console.log('Done!');

return items;`;

export const functionNode: NodeType = {
  kind: 'regular',
  evaluatesItemsItself: true,
  description: {
    name: 'n8n-nodes-base.function',
    displayName: 'Function',
    description: 'Run custom function code which gets executed once and allows you to add, remove, change and replace items',
    icon: 'fa:code',
    group: ['transform'],
    version: 1,
    hidden: true,
    defaults: { name: 'Function', color: '#FF9922' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Helpers', 'Data Transformation'] }, alias: ['Code', 'Javascript', 'JS', 'Script'] },
    properties: [
      { displayName: 'A newer version of this node type is available, called the ‘Code’ node', name: 'notice', type: 'notice', default: '' },
      {
        displayName: 'JavaScript Code',
        name: 'functionCode',
        typeOptions: { alwaysOpenEditWindow: true, codeAutocomplete: 'function', editor: 'code', rows: 10 },
        type: 'string',
        default: DEFAULT_CODE,
        description: 'The JavaScript code to execute',
        noDataExpression: true,
      },
    ],
  },
  async execute(ctx) {
    const code = ctx.getNodeParameter('functionCode', 0, undefined, { rawExpressions: true }) as string;
    try {
      const result = await ctx.code.runCode({ code, mode: 'runOnceForAllItems', legacy: 'function' });
      return [validateFunctionItems(ctx.getNode(), result)];
    } catch (error) {
      if (ctx.continueOnFail()) return [[{ json: { error: (error as Error).message } }]];
      throw error;
    }
  },
};
