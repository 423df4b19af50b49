// Code node description (versions 1 and 2).
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';

export const ALL_ITEMS_SNIPPET = `// Loop over input items and add a new field called 'myNewField' to the JSON of each one
for (const item of $input.all()) {
  item.json.myNewField = 1;
}

return $input.all();`;

export const EACH_ITEM_SNIPPET = `// Add a new field called 'myNewField' to the JSON of the item
$input.item.json.myNewField = 1;

return $input.item;`;

export const codeDescription: INodeTypeDescription = {
  name: 'n8n-nodes-base.code',
  displayName: 'Code',
  description: 'Run custom JavaScript code',
  icon: 'fa:code',
  group: ['transform'],
  version: [1, 2],
  defaultVersion: 2,
  defaults: { name: 'Code', color: '#FF9922' },
  inputs: ['main'],
  outputs: ['main'],
  codex: { categories: ['Core Nodes', 'Development'], subcategories: { 'Core Nodes': ['Helpers', 'Data Transformation'] }, alias: ['cpde', 'Javascript', 'JS', 'Script', 'Custom Code', 'Function'] },
  properties: [
    {
      displayName: 'Mode',
      name: 'mode',
      type: 'options',
      noDataExpression: true,
      options: [
        { name: 'Run Once for All Items', value: 'runOnceForAllItems', description: 'Run this code only once, no matter how many input items there are' },
        { name: 'Run Once for Each Item', value: 'runOnceForEachItem', description: 'Run this code as many times as there are input items' },
      ],
      default: 'runOnceForAllItems',
    },
    {
      displayName: 'Language',
      name: 'language',
      type: 'options',
      noDataExpression: true,
      displayOptions: { show: { '@version': [2] } },
      options: [
        { name: 'JavaScript', value: 'javaScript' },
        { name: 'Python (Beta)', value: 'python' },
      ],
      default: 'javaScript',
    },
    // Version 1 has no Language parameter, so its code fields depend on the version only (as in n8n).
    {
      displayName: 'JavaScript',
      name: 'jsCode',
      type: 'string',
      typeOptions: { editor: 'codeNodeEditor', editorLanguage: 'javaScript' },
      default: ALL_ITEMS_SNIPPET,
      description: 'JavaScript code to execute. Tip: type `$` for a list of special vars and methods.',
      noDataExpression: true,
      displayOptions: { show: { '@version': [1], mode: ['runOnceForAllItems'] } },
    },
    {
      displayName: 'JavaScript',
      name: 'jsCode',
      type: 'string',
      typeOptions: { editor: 'codeNodeEditor', editorLanguage: 'javaScript' },
      default: EACH_ITEM_SNIPPET,
      description: 'JavaScript code to execute. Tip: type `$` for a list of special vars and methods.',
      noDataExpression: true,
      displayOptions: { show: { '@version': [1], mode: ['runOnceForEachItem'] } },
    },
    {
      displayName: 'JavaScript',
      name: 'jsCode',
      type: 'string',
      typeOptions: { editor: 'codeNodeEditor', editorLanguage: 'javaScript' },
      default: ALL_ITEMS_SNIPPET,
      description: 'JavaScript code to execute. Tip: type `$` for a list of special vars and methods.',
      noDataExpression: true,
      displayOptions: { show: { '@version': [2], language: ['javaScript'], mode: ['runOnceForAllItems'] } },
    },
    {
      displayName: 'JavaScript',
      name: 'jsCode',
      type: 'string',
      typeOptions: { editor: 'codeNodeEditor', editorLanguage: 'javaScript' },
      default: EACH_ITEM_SNIPPET,
      description: 'JavaScript code to execute. Tip: type `$` for a list of special vars and methods.',
      noDataExpression: true,
      displayOptions: { show: { '@version': [2], language: ['javaScript'], mode: ['runOnceForEachItem'] } },
    },
    {
      displayName: 'Python',
      name: 'pythonCode',
      type: 'string',
      typeOptions: { editor: 'codeNodeEditor', editorLanguage: 'python' },
      default: '',
      noDataExpression: true,
      displayOptions: { show: { language: ['python'] } },
    },
    {
      displayName: 'Type <code>$</code> for a list of special vars/methods. Debug by using <code>console.log()</code> statements and viewing their output in the browser console.',
      name: 'notice',
      type: 'notice',
      displayOptions: { show: { language: ['javaScript'] } },
      default: '',
    },
  ],
};
