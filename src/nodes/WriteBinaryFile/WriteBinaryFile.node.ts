// Write Binary File: n8n-nodes-base.writeBinaryFile v1 (superseded in n8n by Read/Write Files
// from Disk): writes an item's binary property to a file, appending if asked, and adds the path
// to the item as fileName. Only folders the instance allows (fileAccessRoots) can be written,
// the same rule as Read/Write Files from Disk.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { NodeOperationError, type NodeType } from '../types.ts';
import { assertBinaryData } from '../shared/files/binaryHelpers.ts';

export const writeBinaryFile: NodeType = {
  kind: 'regular',
  description: {
    displayName: 'Write Binary File',
    name: 'n8n-nodes-base.writeBinaryFile',
    icon: 'fa:file-export',
    group: ['output'],
    version: 1,
    hidden: true,
    description: 'Writes a binary file to disk',
    defaults: { name: 'Write Binary File', color: '#CC2233' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Files'] }, alias: ['File', 'Binary', 'Write', 'Disk', 'Save'] },
    properties: [
      { displayName: 'File Name', name: 'fileName', type: 'string', default: '', required: true, placeholder: '/data/example.jpg', description: 'Path to which the file should be written' },
      { displayName: 'Property Name', name: 'dataPropertyName', type: 'string', default: 'data', required: true, description: 'Name of the binary property which contains the data for the file to be written' },
      {
        displayName: 'Options',
        name: 'options',
        type: 'collection',
        placeholder: 'Add Option',
        default: {},
        options: [{ displayName: 'Append', name: 'append', type: 'boolean', default: false, description: 'Whether to append to an existing file' }],
      },
    ],
  },
  async execute(ctx) {
    const items = ctx.getInputData();
    const out: INodeExecutionData[] = [];
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      try {
        const item = items[itemIndex];
        const dataPropertyName = String(ctx.getNodeParameter('dataPropertyName', itemIndex, 'data'));
        const fileName = String(ctx.getNodeParameter('fileName', itemIndex));
        // n8n reads the options of the first item for every item.
        const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
        assertBinaryData(ctx, itemIndex, dataPropertyName);
        const data = await ctx.helpers.getBinaryDataBuffer(itemIndex, dataPropertyName);
        await ctx.helpers.files.writeFile(fileName, data, { append: !!options.append });
        const newItem: INodeExecutionData = { json: { ...item.json, fileName }, pairedItem: { item: itemIndex } };
        if (item.binary !== undefined) newItem.binary = { ...item.binary };
        out.push(newItem);
      } catch (error) {
        if (ctx.continueOnFail()) {
          out.push({ json: { error: (error as Error).message }, pairedItem: { item: itemIndex } });
          continue;
        }
        if (error instanceof NodeOperationError) throw error;
        throw new NodeOperationError(ctx.getNode(), (error as Error).message, { itemIndex });
      }
    }
    return [out];
  },
};
