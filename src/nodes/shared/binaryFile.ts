// Binary data for a file read from disk, as n8n describes it: name, folder, extension, MIME type
// from the extension, and the broad file type the UI previews by.
import { basename, dirname } from 'node:path';
import { lookup } from 'mime-types';
import type { IBinaryData } from '../../model/execution.ts';
import type { ExecuteFunctions } from '../types.ts';

/** n8n's fileTypeFromMimeType. */
export function fileTypeFromMimeType(mimeType: string): string | undefined {
  if (mimeType.startsWith('application/json')) return 'json';
  if (mimeType.startsWith('text/html')) return 'html';
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('text/') || mimeType.startsWith('application/javascript')) return 'text';
  if (mimeType.startsWith('application/pdf')) return 'pdf';
  return undefined;
}

export async function binaryFromFile(ctx: ExecuteFunctions, filePath: string, data: Uint8Array): Promise<IBinaryData> {
  const mimeType = lookup(filePath) || 'text/plain';
  const binary = await ctx.helpers.prepareBinaryData(data, basename(filePath), mimeType);
  binary.directory = dirname(filePath);
  const fileType = fileTypeFromMimeType(mimeType);
  if (fileType) binary.fileType = fileType;
  return binary;
}
