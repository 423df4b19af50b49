// Code node: runs the user's JavaScript in the QuickJS sandbox, once or once per item.
import type { INodeExecutionData } from '../../model/execution.ts';
import { NodeOperationError, type NodeType } from '../types.ts';
import { codeDescription } from './description.ts';
import { validateAllItemsResult, validateEachItemResult } from './validateResult.ts';

export const code: NodeType = {
  kind: 'regular',
  evaluatesItemsItself: true,
  description: codeDescription,
  async execute(ctx) {
    const node = ctx.getNode();
    const mode = ctx.getNodeParameter('mode', 0, 'runOnceForAllItems') as 'runOnceForAllItems' | 'runOnceForEachItem';
    const language = node.typeVersion >= 2 ? (ctx.getNodeParameter('language', 0, 'javaScript') as string) : 'javaScript';
    if (language !== 'javaScript') {
      throw new NodeOperationError(node, 'Python code is not supported', { description: 'Switchyard runs JavaScript in its Code node. Rewrite the code in JavaScript.' });
    }
    const fail = (e: unknown): never => {
      const err = e instanceof Error ? e : new Error(String(e));
      (err as Error & { node?: unknown }).node = node;
      throw err;
    };

    if (mode === 'runOnceForAllItems') {
      const source = ctx.getNodeParameter('jsCode', 0, undefined, { rawExpressions: true }) as string;
      let items: INodeExecutionData[];
      try {
        items = validateAllItemsResult(await ctx.code.runCode({ code: source, mode }));
      } catch (e) {
        if (!ctx.continueOnFail()) fail(e);
        items = [{ json: { error: (e as Error).message } }];
      }
      return [items];
    }

    const input = ctx.getInputData();
    const out: INodeExecutionData[] = [];
    for (let index = 0; index < input.length; index++) {
      const source = ctx.getNodeParameter('jsCode', index, undefined, { rawExpressions: true }) as string;
      let item: INodeExecutionData | undefined;
      try {
        item = validateEachItemResult(await ctx.code.runCode({ code: source, mode, itemIndex: index }), index);
      } catch (e) {
        if (!ctx.continueOnFail()) fail(e);
        out.push({ json: { error: (e as Error).message }, pairedItem: { item: index } });
        continue;
      }
      if (item) out.push({ json: item.json, pairedItem: { item: index }, ...(item.binary ? { binary: item.binary } : {}) });
    }
    return [out];
  },
};
