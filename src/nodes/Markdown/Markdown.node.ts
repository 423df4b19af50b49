// Markdown: n8n-nodes-base.markdown v1, Markdown to HTML with showdown and HTML to Markdown with
// node-html-markdown (the libraries and versions n8n uses), written at a dot-notation key.
import { NodeHtmlMarkdown, type NodeHtmlMarkdownOptions } from 'node-html-markdown';
import showdown from 'showdown';
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { ExecuteFunctions, NodeType } from '../types.ts';
import { deepCopyLarge } from '../shared/deepCopy.ts';
import { isEmpty } from '../shared/isEqual.ts';
import { setPath } from '../shared/path.ts';
import { markdownDescription } from './description.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';

type Pattern = { pattern: string; replacement: string };

function markdownOptions(ctx: ExecuteFunctions, i: number): Partial<NodeHtmlMarkdownOptions> {
  const options = { ...(ctx.getNodeParameter('options', i) as IDataObject) };
  const textReplace = ctx.getNodeParameter('options.textReplace.values', i, []) as Pattern[];
  options.textReplace = !isEmpty(textReplace) ? (textReplace.map((e) => [e.pattern, e.replacement]) as unknown as IDataObject[]) : undefined;
  const lineStart = ctx.getNodeParameter('options.lineStartEscape.value', i, {}) as Pattern;
  options.lineStartEscape = !isEmpty(lineStart) ? ([lineStart.pattern, lineStart.replacement] as unknown as IDataObject[]) : undefined;
  const globalEscape = ctx.getNodeParameter('options.globalEscape.value', i, {}) as Pattern;
  options.globalEscape = !isEmpty(globalEscape) ? ([globalEscape.pattern, globalEscape.replacement] as unknown as IDataObject[]) : undefined;
  options.ignore = options.ignore ? String(options.ignore).split(',').map((e) => e.trim()) : undefined;
  options.blockElements = options.blockElements ? String(options.blockElements).split(',').map((e) => e.trim()) : undefined;
  // Options left empty keep the library's defaults.
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v)) as Partial<NodeHtmlMarkdownOptions>;
}

export const markdown: NodeType = {
  kind: 'regular',
  description: markdownDescription,
  async execute(ctx) {
    const items = ctx.getInputData();
    const out: INodeExecutionData[] = [];
    const mode = ctx.getNodeParameter('mode', 0) as string;
    for (let i = 0; i < items.length; i++) {
      if (sliceDue()) await yieldToLoop();
      try {
        const destinationKey = ctx.getNodeParameter('destinationKey', i) as string;
        let converted: string;
        if (mode === 'htmlToMarkdown') {
          converted = NodeHtmlMarkdown.translate(String(ctx.getNodeParameter('html', i)), markdownOptions(ctx, i));
        } else {
          const converter = new showdown.Converter();
          for (const [key, value] of Object.entries(ctx.getNodeParameter('options', i) as IDataObject)) converter.setOption(key, value);
          converted = converter.makeHtml(String(ctx.getNodeParameter('markdown', i)));
        }
        const json = await deepCopyLarge(items[i].json);
        setPath(json, destinationKey, converted);
        out.push({ json, pairedItem: { item: i } });
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
