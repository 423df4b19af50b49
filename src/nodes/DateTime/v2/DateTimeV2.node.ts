// Date & Time v2: get, shift, format, round, compare and take apart dates with Luxon.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import { NodeOperationError, type NodeType } from '../../types.ts';
import { dateTimeV2Description } from './description.ts';
import { OPERATIONS } from './operations.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';

export const dateTimeV2: NodeType = {
  kind: 'regular',
  description: dateTimeV2Description,
  async execute(ctx) {
    const items = ctx.getInputData();
    const out: INodeExecutionData[] = [];
    const operation = ctx.getNodeParameter('operation', 0) as string;
    const workflowTimezone = ctx.getTimezone();
    const includeInputFields = ctx.getNodeParameter('options.includeInputFields', 0, false) as boolean;
    const run = OPERATIONS[operation];
    for (let i = 0; i < items.length; i++) {
      if (sliceDue()) await yieldToLoop();
      try {
        const item: INodeExecutionData = includeInputFields ? { json: { ...items[i].json }, binary: items[i].binary } : { json: {} };
        item.pairedItem = { item: i };
        if (!run) continue;
        const value = run(ctx, (name) => ctx.getNodeParameter(name, i), workflowTimezone);
        if (operation === 'roundDate' && value === undefined) {
          out.push(item);
          continue;
        }
        item.json[ctx.getNodeParameter('outputFieldName', i) as string] = value as IDataObject;
        out.push(item);
      } catch (error) {
        if (ctx.continueOnFail()) {
          out.push({ json: { error: (error as Error).message } });
          continue;
        }
        const e = error as Error & { description?: string };
        throw new NodeOperationError(ctx.getNode(), e.message, { itemIndex: i, description: e.description });
      }
    }
    return [out];
  },
};
