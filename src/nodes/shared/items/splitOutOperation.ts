// Split Out over a node's parameters (string field lists): Split Out and Item Lists 3.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import type { ExecuteFunctions } from '../../types.ts';
import { prepareFieldsArray } from './fieldList.ts';
import { splitOutItem, type IncludeMode, type SplitOutRules } from './splitOut.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';

export function splitList(text: unknown): string[] {
  return String(text ?? '')
    .split(',')
    .filter((field) => field.trim() !== '')
    .map((field) => field.trim());
}

export async function runSplitOut(ctx: ExecuteFunctions, items: INodeExecutionData[], rules: SplitOutRules): Promise<{ items: INodeExecutionData[]; seen: Map<string, boolean> }> {
  const out: INodeExecutionData[] = [];
  const seen = new Map<string, boolean>();
  for (let i = 0; i < items.length; i++) {
    if (sliceDue()) await yieldToLoop();
    // A list of names works too; "$json.a" names the field a.
    const fields = prepareFieldsArray(ctx, ctx.getNodeParameter('fieldToSplitOut', i), 'Fields To Split Out').map((field) => String(field).replace(/^\$json\./, ''));
    const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
    out.push(
      ...(await splitOutItem(
        ctx,
        items[i],
        i,
        {
          fieldsToSplitOut: fields,
          destinationFields: splitList(options.destinationFieldName),
          include: ctx.getNodeParameter('include', i) as IncludeMode,
          disableDotNotation: !!options.disableDotNotation,
          includeBinary: !!options.includeBinary,
          fieldsToInclude: () => prepareFieldsArray(ctx, ctx.getNodeParameter('fieldsToInclude', i, ''), 'Fields To Include'),
        },
        rules,
        seen,
      )),
    );
  }
  return { items: out, seen };
}
