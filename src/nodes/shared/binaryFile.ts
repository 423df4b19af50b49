// Binary data for a file read from disk, as n8n describes it: name, folder, extension, MIME type
// from the extension, and the broad file type the UI previews by.
import { basename, dirname } from 'node:path';
import { lookup } from 'mime-types';
import type { IBinaryData } from '../../model/execution.ts';
import { fileTypeFromMimeType } from '../../model/n8nConventions.ts';
import type { ExecuteFunctions } from '../types.ts';

export { fileTypeFromMimeType };

export async function binaryFromFile(ctx: ExecuteFunctions, filePath: string, data: Uint8Array): Promise<IBinaryData> {
  const mimeType = lookup(filePath) || 'text/plain';
  const binary = await ctx.helpers.prepareBinaryData(data, basename(filePath), mimeType);
  binary.directory = dirname(filePath);
  const fileType = fileTypeFromMimeType(mimeType);
  if (fileType) binary.fileType = fileType;
  return binary;
}
