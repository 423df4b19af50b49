// Set versions 1 and 2: copies each item (unless "Keep Only Set") and writes the values.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import type { ExecuteFunctions, NodeType } from '../../types.ts';
import { awaitSlowWork } from '../../../model/expressions/defer.ts';
import { setPath } from '../../shared/path.ts';
import { deepCopy } from '../../shared/deepCopy.ts';
import { setV1Description } from './description.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';

interface SetValue {
  name: string;
  value: unknown;
}

/** One item's output (no side effects: it may run again, see awaitSlowWork). */
function buildItem(ctx: ExecuteFunctions, item: INodeExecutionData, itemIndex: number, nodeVersion: number): INodeExecutionData {
  const keepOnlySet = ctx.getNodeParameter('keepOnlySet', itemIndex, false) as boolean;
  const options = ctx.getNodeParameter('options', itemIndex, {}) as { dotNotation?: boolean };
  const newItem: INodeExecutionData = { json: {}, pairedItem: { item: itemIndex } };
  if (!keepOnlySet) {
    // Shallow binary copy: untouched entries keep pointing at the same data.
    if (item.binary !== undefined) newItem.binary = { ...item.binary };
    newItem.json = deepCopy(item.json);
  }
  const write = (name: string, value: unknown) => {
    if (options.dotNotation === false) newItem.json[name] = value as IDataObject[string];
    else setPath(newItem.json, name, value);
  };
  for (const entry of ctx.getNodeParameter('values.boolean', itemIndex, []) as SetValue[]) write(entry.name, !!entry.value);
  for (const entry of ctx.getNodeParameter('values.number', itemIndex, []) as SetValue[]) {
    let value = entry.value;
    // Version 2 turns numeric strings (from expressions) into numbers.
    if (nodeVersion >= 2 && typeof value === 'string' && !Number.isNaN(Number(value))) value = Number(value);
    write(entry.name, value);
  }
  for (const entry of ctx.getNodeParameter('values.string', itemIndex, []) as SetValue[]) write(entry.name, entry.value);
  return newItem;
}

export const setV1: NodeType = {
  kind: 'regular',
  evaluatesItemsItself: true,
  description: setV1Description,
  async execute(ctx) {
    const nodeVersion = ctx.getNode().typeVersion;
    const items = ctx.getInputData();
    const out: INodeExecutionData[] = [];
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      if (sliceDue()) await yieldToLoop();
      // Slow regexes and long evaluations are awaited, not held (awaitSlowWork: the item is built again).
      const newItem = await awaitSlowWork(() => buildItem(ctx, items[itemIndex], itemIndex, nodeVersion));
      out.push(newItem);
    }
    return [out];
  },
};
