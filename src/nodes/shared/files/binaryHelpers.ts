// Binary helpers the file nodes share, with n8n's meanings: assertBinaryData's error, the
// binary data a file path describes (prepareBinaryData with a path: name, folder, extension,
// MIME type from the extension), text encodings through iconv-lite, and flattenObject.
import { posix } from 'node:path';
import iconv from 'iconv-lite';
import { extension, lookup } from 'mime-types';
import type { IBinaryData, INodeExecutionData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import type { INodePropertyOption } from '../../../model/nodeTypes.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import { fileTypeFromMimeType } from '../binaryFile.ts';
import { getPath } from '../path.ts';

/** n8n's assertBinaryData: the item's binary property, or the error n8n gives. */
export function assertBinaryData(ctx: ExecuteFunctions, itemIndex: number, propertyName: string): IBinaryData {
  const item: INodeExecutionData | undefined = ctx.getInputData()[itemIndex];
  const binary = item?.binary?.[propertyName];
  if (!item?.binary) {
    throw new NodeOperationError(ctx.getNode(), 'No binary data exists on item!', { itemIndex, description: `Make sure the previous node outputs a file in the field '${propertyName}'` });
  }
  if (!binary) {
    throw new NodeOperationError(ctx.getNode(), `This operation expects the node's input data to contain a binary file '${propertyName}', but none was found [item ${itemIndex}]`, {
      itemIndex,
      description: 'Make sure that the previous node outputs a binary file',
    });
  }
  return binary;
}

/** The binary property at a (dot-notation) path, as lodash get reads item.binary in n8n. */
export function binaryAtPath(item: INodeExecutionData, path: string): IBinaryData | undefined {
  return getPath(item.binary, path) as IBinaryData | undefined;
}

/**
 * n8n's prepareBinaryData(data, filePath, mimeType): the file name and folder from the path,
 * the extension, and a MIME type from the extension when none is given ('text/plain' when the
 * extension says nothing, application/json for .json …).
 */
export async function prepareBinary(ctx: ExecuteFunctions, data: Uint8Array, filePath?: string, mimeType?: string): Promise<IBinaryData> {
  let fileName: string | undefined;
  let directory: string | undefined;
  if (filePath) {
    const clean = filePath.includes('?') ? (filePath.split('?')[0] ?? filePath) : filePath;
    const parsed = posix.parse(clean.replace(/\\/g, '/'));
    fileName = parsed.base;
    if (parsed.dir) directory = parsed.dir;
  }
  let type = mimeType;
  if (!type && fileName) type = lookup(fileName) || undefined;
  if (!type) type = 'text/plain';
  const binary = await ctx.helpers.prepareBinaryData(data, fileName, type);
  if (!fileName) {
    delete binary.fileName;
    // n8n names the extension after the MIME type when there is no file name.
    const ext = extension(type);
    if (ext) binary.fileExtension = ext;
  }
  if (directory) binary.directory = directory;
  const fileType = fileTypeFromMimeType(type);
  if (fileType) binary.fileType = fileType;
  return binary;
}

// ---- encodings --------------------------------------------------------------------------------

interface IconvTables {
  encodings: Record<string, unknown>;
}

iconv.encodingExists('utf8');
const encodingTable = (iconv as unknown as IconvTables).encodings;

/** n8n's encodeDecodeOptions: iconv-lite's encodings without aliases or internals, sorted. */
export const encodeDecodeOptions: INodePropertyOption[] = Object.keys(encodingTable)
  .filter((name) => !name.startsWith('_') && typeof encodingTable[name] !== 'string')
  .sort()
  .map((name) => ({ name, value: name }));

/** Encodings that have a byte order mark (n8n's bomAware list). */
export const bomAwareEncodings: string[] = Object.keys(encodingTable).filter((name) => {
  const e = encodingTable[name] as { bomAware?: boolean } | string;
  return !name.startsWith('_') && typeof e === 'object' && e !== null && !!e.bomAware;
});

function checkEncoding(ctx: ExecuteFunctions, encoding: string, itemIndex: number): void {
  if (!iconv.encodingExists(encoding)) throw new NodeOperationError(ctx.getNode(), `The encoding "${encoding}" is not known`, { itemIndex });
}

export function decodeText(ctx: ExecuteFunctions, data: Uint8Array, encoding: string, stripBOM: boolean | undefined, itemIndex: number): string {
  checkEncoding(ctx, encoding, itemIndex);
  return iconv.decode(Buffer.from(data.buffer, data.byteOffset, data.byteLength), encoding, { stripBOM });
}

export function encodeText(ctx: ExecuteFunctions, text: string, encoding: string, addBOM: boolean | undefined, itemIndex: number): Uint8Array {
  checkEncoding(ctx, encoding, itemIndex);
  return iconv.encode(text, encoding, { addBOM });
}

/**
 * The encoding of a text file when none is set (n8n's detectBinaryEncoding): a byte order mark
 * says it; else valid UTF-8 is UTF-8, and anything else is read as windows-1252.
 */
export function detectEncoding(data: Uint8Array): string {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return 'utf8';
  if (data[0] === 0xff && data[1] === 0xfe) return 'utf16le';
  if (data[0] === 0xfe && data[1] === 0xff) return 'utf16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return 'utf8';
  } catch {
    return 'windows1252';
  }
}

// ---- flattening -------------------------------------------------------------------------------

/** n8n's flattenObject: nested objects become "a.b" keys, dates their string form. */
export function flattenObject(data: IDataObject): IDataObject {
  const out: IDataObject = {};
  for (const key1 of Object.keys(data)) {
    const value = data[key1];
    if (value !== null && typeof value === 'object') {
      if (value instanceof Date) {
        out[key1] = value.toString();
        continue;
      }
      const flat = flattenObject(value as IDataObject);
      for (const key2 of Object.keys(flat)) {
        if (flat[key2] === undefined) continue;
        out[`${key1}.${key2}`] = flat[key2];
      }
    } else {
      out[key1] = value;
    }
  }
  return out;
}
