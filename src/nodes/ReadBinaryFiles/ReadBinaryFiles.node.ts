// Read Binary Files: n8n-nodes-base.readBinaryFiles v1 (hidden in n8n, superseded by Read/Write
// Files from Disk), reads the files matching a pattern, each into one item. Only folders the
// instance allows (fileAccessRoots) can be read.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { NodeType } from '../types.ts';
import { binaryFromFile } from '../shared/binaryFile.ts';
import { generatePairedItemData } from '../shared/pairedItems.ts';
import { fastGlobToNodeGlob } from '../shared/globPattern.ts';

export const readBinaryFiles: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-base.readBinaryFiles',
    displayName: 'Read Binary Files',
    description: 'Reads binary files from disk',
    icon: 'fa:file',
    group: ['input'],
    version: 1,
    hidden: true,
    defaults: { name: 'Read Binary Files', color: '#44AA44' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Files'] }, alias: ['File', 'Binary', 'Read', 'Disk'] },
    properties: [
      { displayName: 'File Selector', name: 'fileSelector', type: 'string', default: '', required: true, placeholder: '*.jpg', description: 'Pattern for files to read' },
      { displayName: 'Property Name', name: 'dataPropertyName', type: 'string', default: 'data', required: true, description: 'Name of the binary property to which to write the data of the read files' },
    ],
  },
  async execute(ctx) {
    const fileSelector = ctx.getNodeParameter('fileSelector', 0) as string;
    const dataPropertyName = ctx.getNodeParameter('dataPropertyName', 0) as string;
    const pairedItem = generatePairedItemData(ctx.getInputData().length);
    const out: INodeExecutionData[] = [];
    for (const filePath of await ctx.helpers.files.glob(fastGlobToNodeGlob(fileSelector))) {
      const binary = await binaryFromFile(ctx, filePath, await ctx.helpers.files.readFile(filePath));
      out.push({ json: {}, binary: { [dataPropertyName]: binary }, pairedItem });
    }
    return [out];
  },
};
