// HTML: n8n-nodes-base.html v1, 1.1 and 1.2.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions, type NodeType } from '../types.ts';
import { getPath } from '../shared/path.ts';
import { htmlDescription } from './description.ts';
import { extractFromHtml, type ExtractionValue, type ExtractOptions } from './extract.ts';
import { itemsToTable } from './table.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';
import { awaitSlowWork } from '../../model/expressions/defer.ts';

const RESOLVABLE = /({{[\s\S]*?}})/g;

/** Each {{ }} in the template replaced by its value for the item. */
function renderTemplate(ctx: ExecuteFunctions, itemIndex: number): string {
  let html = String(ctx.getNodeParameter('html', itemIndex));
  for (const resolvable of html.match(RESOLVABLE) ?? []) {
    const value = ctx.evaluateExpression(resolvable, itemIndex);
    html = html.replace(resolvable, () => String(value));
  }
  return html;
}

/** The HTML text(s) of an item: a JSON property (text or list of texts) or a binary file. */
async function htmlSources(ctx: ExecuteFunctions, item: INodeExecutionData, itemIndex: number, version: number): Promise<unknown[]> {
  const name = ctx.getNodeParameter('dataPropertyName', itemIndex) as string;
  if (ctx.getNodeParameter('sourceData', itemIndex) === 'binary') {
    return [Buffer.from(await ctx.helpers.getBinaryDataBuffer(itemIndex, name)).toString('utf-8')];
  }
  // v1 takes the name as one key (a ['bracketed'] key too); later versions read dot notation.
  const value = version === 1 ? item.json[name.replace(/^\['(.*)'\]$/, '$1')] : getPath(item.json, name);
  if (value === undefined) throw new NodeOperationError(ctx.getNode(), `No property named "${name}" exists!`, { itemIndex });
  return Array.isArray(value) ? value : [value];
}

export const html: NodeType = {
  kind: 'regular',
  description: htmlDescription,
  async execute(ctx) {
    const items = ctx.getInputData();
    const operation = ctx.getNodeParameter('operation', 0) as string;
    const version = ctx.getNode().typeVersion;
    if (operation === 'convertToHtmlTable') return [items.length ? [itemsToTable(ctx, items)] : []];
    const out: INodeExecutionData[] = [];
    for (let i = 0; i < items.length; i++) {
      if (sliceDue()) await yieldToLoop();
      try {
        if (operation === 'generateHtmlTemplate') {
          // Its {{ }} are evaluated here, not ahead: slow ones are awaited (defer.ts).
          out.push({ json: { html: await awaitSlowWork(() => renderTemplate(ctx, i)) }, pairedItem: { item: i } });
        } else if (operation === 'extractHtmlContent') {
          const { values = [] } = ctx.getNodeParameter('extractionValues', i) as { values?: ExtractionValue[] };
          const options = ctx.getNodeParameter('options', i, {}) as ExtractOptions;
          for (const source of await htmlSources(ctx, items[i], i, version)) {
            out.push({ json: extractFromHtml(String(source), values, options, version) as IDataObject, pairedItem: { item: i } });
          }
        }
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
