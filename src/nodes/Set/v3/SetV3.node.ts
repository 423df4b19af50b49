// Edit Fields (Set) versions 3–3.4.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { NodeType } from '../../types.ts';
import { setV3Description } from './description.ts';
import { manualItem, rawObjectFields } from './manualMode.ts';
import type { IncludeMode, SetNodeOptions } from './options.ts';
import { rawItem, rawJsonOutput } from './rawMode.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';
import { awaitSlowWork } from '../../../model/expressions/defer.ts';

export const setV3: NodeType = {
  kind: 'regular',
  evaluatesItemsItself: true,
  description: setV3Description,
  async execute(ctx) {
    const node = ctx.getNode();
    const items = ctx.getInputData();
    const mode = ctx.getNodeParameter('mode', 0) as 'manual' | 'raw';
    const duplicateItem = ctx.getNodeParameter('duplicateItem', 0, false) as boolean;
    const rawJson = mode === 'raw' ? rawJsonOutput(ctx) : undefined;
    const rawFields = mode === 'raw' ? {} : rawObjectFields(ctx);
    const out: INodeExecutionData[] = [];

    for (let i = 0; i < items.length; i++) {
      if (sliceDue()) await yieldToLoop();
      const includeOtherFields = ctx.getNodeParameter('includeOtherFields', i, false) as boolean;
      const include = ctx.getNodeParameter('include', i, 'all') as IncludeMode;
      const options = { ...(ctx.getNodeParameter('options', i, {}) as SetNodeOptions) };
      // From 3.3 the include choice only applies when other input fields are kept at all.
      options.include = node.typeVersion >= 3.3 ? (includeOtherFields ? include : 'none') : include;

      // Slow regexes and long evaluations are awaited, not held (awaitSlowWork: the item is built again).
      const newItem = await awaitSlowWork(() => (mode === 'raw' ? rawItem(ctx, items[i], i, options, rawJson, node) : manualItem(ctx, items[i], i, options, rawFields, node)));
      // Duplication is a testing aid for manual runs only.
      const copies = duplicateItem && ctx.getMode() === 'manual' ? (ctx.getNodeParameter('duplicateCount', 0, 0) as number) + 1 : 1;
      for (let j = 0; j < copies; j++) out.push(newItem);
    }
    return [out];
  },
};
