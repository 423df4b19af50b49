// XML: n8n-nodes-base.xml v1, converts items' JSON to XML text and XML text to JSON (xml2js).
import { Builder, Parser } from 'xml2js';
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { NodeOperationError, type NodeType } from '../types.ts';
import { deepCopyLarge } from '../shared/deepCopy.ts';
import { xmlDescription } from './description.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';

const FORBIDDEN = ['__proto__', 'constructor', 'prototype'];

/** Element and attribute names that would reach an object's prototype get an underscore. */
export function sanitizeXmlName(name: string): string {
  return FORBIDDEN.includes(name) ? `_${name}` : name;
}

export const xml: NodeType = {
  kind: 'regular',
  description: xmlDescription,
  async execute(ctx) {
    const items = ctx.getInputData();
    const mode = ctx.getNodeParameter('mode', 0) as string;
    const dataPropertyName = ctx.getNodeParameter('dataPropertyName', 0) as string;
    const options = { ...(ctx.getNodeParameter('options', 0, {}) as IDataObject) };
    for (const [key, label] of [
      ['attrkey', 'Attribute Key'],
      ['charkey', 'Character Key'],
    ]) {
      if (options[key] === undefined) continue;
      options[key] = String(options[key]);
      if (FORBIDDEN.includes(options[key] as string)) throw new NodeOperationError(ctx.getNode(), `The "${label}" option value "${options[key] as string}" is not allowed`);
    }
    const out: INodeExecutionData[] = [];
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      if (sliceDue()) await yieldToLoop();
      try {
        const item = items[itemIndex];
        if (mode === 'xmlToJson') {
          const parser = new Parser({ mergeAttrs: true, explicitArray: false, ...options, tagNameProcessors: [sanitizeXmlName], attrNameProcessors: [sanitizeXmlName] });
          if (item.json[dataPropertyName] === undefined) throw new NodeOperationError(ctx.getNode(), `Item has no JSON property called "${dataPropertyName}"`, { itemIndex });
          const json = (await parser.parseStringPromise(item.json[dataPropertyName] as string)) as IDataObject;
          out.push({ json: await deepCopyLarge(json), pairedItem: { item: itemIndex } });
        } else if (mode === 'jsonToxml') {
          const builder = new Builder(options);
          out.push({ json: { [dataPropertyName]: builder.buildObject(item.json) }, pairedItem: { item: itemIndex } });
        } else {
          throw new NodeOperationError(ctx.getNode(), `The operation "${mode}" is not known!`, { itemIndex });
        }
      } catch (error) {
        // n8n drops the failed item here; it is kept with its error, as continue on fail promises.
        if (ctx.continueOnFail()) {
          out.push({ json: { error: (error as Error).message }, pairedItem: { item: itemIndex } });
          continue;
        }
        throw error;
      }
    }
    return [out];
  },
};
