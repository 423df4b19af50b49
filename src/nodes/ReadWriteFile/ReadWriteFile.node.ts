// Read/Write Files from Disk: n8n-nodes-base.readWriteFile v1 and 1.1 (1.1 fails when a read
// pattern finds nothing). Only folders the instance allows (fileAccessRoots) can be used.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { NodeType } from '../types.ts';
import { readWriteFileDescription } from './description.ts';
import { readFiles, writeFile } from './operations.ts';

export const readWriteFile: NodeType = {
  kind: 'regular',
  description: readWriteFileDescription,
  async execute(ctx) {
    const operation = ctx.getNodeParameter('operation', 0, 'read') as string;
    const items = ctx.getInputData();
    const out: INodeExecutionData[] = [];
    for (let i = 0; i < items.length; i++) {
      try {
        if (operation === 'read') out.push(...(await readFiles(ctx, i)));
        if (operation === 'write') out.push(await writeFile(ctx, items[i], i));
      } catch (error) {
        if (ctx.continueOnFail()) {
          out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
          continue;
        }
        throw error;
      }
    }
    return [out];
  },
};
