// Date & Time v1: formats dates with moment tokens or adds/subtracts time.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { NodeType } from '../../types.ts';
import { dateTimeV1Description } from './description.ts';
import { calculateDate, formatDate, type FormatOptions } from './moment.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';

export const dateTimeV1: NodeType = {
  kind: 'regular',
  description: dateTimeV1Description,
  async execute(ctx) {
    const items = ctx.getInputData();
    const out: INodeExecutionData[] = [];
    const workflowTimezone = ctx.getTimezone();
    for (let i = 0; i < items.length; i++) {
      if (sliceDue()) await yieldToLoop();
      try {
        const action = ctx.getNodeParameter('action', 0) as string;
        const item = items[i];
        const dataPropertyName = ctx.getNodeParameter('dataPropertyName', i) as string;
        let value: string | undefined;
        if (action === 'format') {
          const options = ctx.getNodeParameter('options', i) as FormatOptions;
          value = formatDate(ctx, ctx.getNodeParameter('value', i), ctx.getNodeParameter('toFormat', i) as string, options, workflowTimezone, i);
          if (value === undefined) continue;
        } else if (action === 'calculate') {
          const { fromFormat } = ctx.getNodeParameter('options', i) as { fromFormat?: string };
          value = calculateDate(
            ctx,
            ctx.getNodeParameter('value', i),
            ctx.getNodeParameter('operation', i) as string,
            ctx.getNodeParameter('duration', i) as number,
            ctx.getNodeParameter('timeUnit', i) as string,
            fromFormat,
          );
        } else {
          continue;
        }
        // The property name is one key, dots included.
        const newItem: INodeExecutionData = { json: { ...item.json, [dataPropertyName]: value }, pairedItem: { item: i } };
        if (item.binary !== undefined) newItem.binary = item.binary;
        out.push(newItem);
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
