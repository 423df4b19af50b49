// Read Binary File: n8n-nodes-base.readBinaryFile v1 (hidden in n8n, superseded by Read/Write
// Files from Disk): reads one file per item into a binary property, keeping the item's JSON and
// other binary properties. Only folders the instance allows (fileAccessRoots) can be read, the
// same rule as Read/Write Files from Disk and Read Binary Files.
import type { INodeExecutionData } from '../../model/execution.ts';
import { NodeOperationError, type NodeType } from '../types.ts';
import { binaryFromFile } from '../shared/binaryFile.ts';

export const readBinaryFile: NodeType = {
  kind: 'regular',
  description: {
    displayName: 'Read Binary File',
    name: 'n8n-nodes-base.readBinaryFile',
    icon: 'fa:file-import',
    group: ['input'],
    version: 1,
    hidden: true,
    description: 'Reads a binary file from disk',
    defaults: { name: 'Read Binary File', color: '#449922' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Files'] }, alias: ['File', 'Binary', 'Read', 'Disk'] },
    properties: [
      { displayName: 'File Path', name: 'filePath', type: 'string', default: '', required: true, placeholder: '/data/example.jpg', description: 'Path of the file to read' },
      { displayName: 'Property Name', name: 'dataPropertyName', type: 'string', default: 'data', required: true, description: 'Name of the binary property to which to write the data of the read file' },
    ],
  },
  async execute(ctx) {
    const items = ctx.getInputData();
    const out: INodeExecutionData[] = [];
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      try {
        const item = items[itemIndex];
        const filePath = String(ctx.getNodeParameter('filePath', itemIndex));
        if (!filePath) throw new NodeOperationError(ctx.getNode(), 'No file path set', { itemIndex, description: "Set 'File Path' to the file to read" });
        const dataPropertyName = String(ctx.getNodeParameter('dataPropertyName', itemIndex, 'data'));
        const binary = { ...(item.binary ?? {}) };
        binary[dataPropertyName] = await binaryFromFile(ctx, filePath, await ctx.helpers.files.readFile(filePath));
        out.push({ json: item.json, binary, pairedItem: { item: itemIndex } });
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
