// multipart/form-data from an already size-limited body buffer, with busboy: fields become the
// body (repeated names become lists), files become binary entries. Counts are bounded.
import Busboy from 'busboy';
import { Readable } from 'node:stream';

export interface UploadedFile {
  field: string;
  fileName: string;
  mimeType: string;
  data: Buffer;
}

export class MultipartError extends Error {}

const MAX_FILES = 100;
const MAX_FIELDS = 1000;

export function parseMultipart(body: Buffer, headers: Record<string, string | string[] | undefined>): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  return new Promise((resolve, reject) => {
    let bb: Busboy.Busboy;
    try {
      // Browsers and curl send file names as raw UTF-8 (busboy's default reads them as latin1).
      bb = Busboy({ headers: headers as Record<string, string>, defParamCharset: 'utf8', limits: { files: MAX_FILES, fields: MAX_FIELDS } });
    } catch (e) {
      reject(new MultipartError(`Malformed multipart/form-data request: ${(e as Error).message}`));
      return;
    }
    const fields: Record<string, unknown> = {};
    const files: UploadedFile[] = [];
    let failed = false;
    const fail = (message: string) => {
      if (failed) return;
      failed = true;
      reject(new MultipartError(message));
    };
    bb.on('field', (name, value) => {
      const prev = fields[name];
      fields[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
    });
    bb.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => files.push({ field, fileName: info.filename ?? '', mimeType: info.mimeType || 'application/octet-stream', data: Buffer.concat(chunks) }));
    });
    bb.on('filesLimit', () => fail(`Too many files in the multipart/form-data request (at most ${MAX_FILES})`));
    bb.on('fieldsLimit', () => fail(`Too many fields in the multipart/form-data request (at most ${MAX_FIELDS})`));
    bb.on('error', (e: Error) => fail(`Malformed multipart/form-data request: ${e.message}`));
    bb.on('close', () => {
      if (!failed) resolve({ fields, files });
    });
    Readable.from([body]).pipe(bb);
  });
}
