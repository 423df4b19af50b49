// JSON mode: the item's new fields come from a JSON object written by the user.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { INode } from '../../../model/workflow.ts';
import type { ExecuteFunctions } from '../../types.ts';
import { composeReturnItem } from './composeItem.ts';
import { toNodeOperationError } from './errors.ts';
import { parseJsonParameter, resolveRawData } from './jsonInput.ts';
import type { SetNodeOptions } from './options.ts';

/** The JSON text without its leading '=' when it is an expression, else undefined. */
export function rawJsonOutput(ctx: ExecuteFunctions): string | undefined {
  const json = ctx.getNodeParameter('jsonOutput', 0, '', { rawExpressions: true });
  return typeof json === 'string' && json.startsWith('=') ? json.replace(/^=+/, '') : undefined;
}

export function rawItem(
  ctx: ExecuteFunctions,
  item: INodeExecutionData,
  i: number,
  options: SetNodeOptions,
  rawJson: string | undefined,
  node: INode,
): INodeExecutionData {
  try {
    const data =
      rawJson === undefined
        ? parseJsonParameter(ctx.getNodeParameter('jsonOutput', i), node, i)
        : parseJsonParameter(resolveRawData(ctx, rawJson, i), node, i);
    return composeReturnItem(ctx, i, item, data, options, node.typeVersion);
  } catch (e) {
    if (ctx.continueOnFail()) return { json: { error: (e as Error).message }, pairedItem: { item: i } };
    throw toNodeOperationError(node, e, i);
  }
}
