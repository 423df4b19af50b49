// Read/Write Files from Disk: reading files matching a pattern, writing an item's binary data.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions } from '../types.ts';
import { binaryFromFile } from '../shared/binaryFile.ts';
import { fastGlobToNodeGlob } from '../shared/globPattern.ts';

/** [ ] and ( ) as literal characters (the default), idempotent for hand-escaped selectors. */
export function escapeBracketsAndParens(selector: string): string {
  return selector.replace(/\\?([()[\]])/g, '\\$1');
}

export async function readFiles(ctx: ExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
  const selector = String(ctx.getNodeParameter('fileSelector', itemIndex));
  const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
  const dataPropertyName = (options.dataPropertyName as string) || 'data';
  const literal = (options.literalBrackets as boolean | undefined) ?? true;
  const escaped = escapeBracketsAndParens(selector);
  const files = await ctx.helpers.files.glob(fastGlobToNodeGlob(literal ? escaped : selector));
  if (!files.length && ctx.getNode().typeVersion > 1) {
    const hint =
      escaped === selector
        ? ''
        : literal
          ? ". If [ ] and ( ) were meant as a character class or group, turn off 'Treat Brackets and Parentheses as Literal' in Options"
          : ". If [ ] and ( ) were meant as literal characters, turn on 'Treat Brackets and Parentheses as Literal' in Options";
    throw new NodeOperationError(ctx.getNode(), 'No file(s) found', { itemIndex, description: `No file matching the selector "${selector}" found${hint}` });
  }
  const out: INodeExecutionData[] = [];
  for (const filePath of files) {
    const binary = await binaryFromFile(ctx, filePath, await ctx.helpers.files.readFile(filePath));
    if (options.fileName !== undefined) binary.fileName = options.fileName as string;
    if (options.fileExtension !== undefined) binary.fileExtension = options.fileExtension as string;
    if (options.mimeType !== undefined) binary.mimeType = options.mimeType as string;
    out.push({
      json: { mimeType: binary.mimeType, fileType: binary.fileType, fileName: binary.fileName, fileExtension: binary.fileExtension, fileSize: binary.fileSize },
      binary: { [dataPropertyName]: binary },
      pairedItem: { item: itemIndex },
    });
  }
  return out;
}

export async function writeFile(ctx: ExecuteFunctions, item: INodeExecutionData, itemIndex: number): Promise<INodeExecutionData> {
  const dataPropertyName = ctx.getNodeParameter('dataPropertyName', itemIndex) as string;
  const fileName = ctx.getNodeParameter('fileName', itemIndex) as string;
  const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
  const data = await ctx.helpers.getBinaryDataBuffer(itemIndex, dataPropertyName);
  await ctx.helpers.files.writeFile(fileName, data, { append: !!options.append });
  const newItem: INodeExecutionData = { json: { ...item.json, fileName }, pairedItem: { item: itemIndex } };
  if (item.binary !== undefined) newItem.binary = { ...item.binary };
  return newItem;
}
