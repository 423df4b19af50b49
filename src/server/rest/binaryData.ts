// GET /data/{id}: binary data kept on disk, by its id (URL-encoded). Without an action the answer
// is the spec's (001 §7): `{ data: <base64> }`. With ?action=view the bytes themselves with their
// Content-Type (for <img>/<iframe> previews), with ?action=download as an attachment under the
// file name. Raw bytes are served sandboxed: they are user content.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { BinaryNotFoundError } from '../binary/FilesystemBinaryStore.ts';
import { NotFoundError } from '../errors.ts';
import { currentUser } from '../auth/requestAuth.ts';
import { mayAccess } from '../auth/access.ts';

function contentDisposition(kind: 'inline' | 'attachment', fileName: string | undefined): string {
  if (!fileName) return kind;
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function binaryDataRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/data/*', async (request, reply) => {
    const raw = (request.params as { '*': string })['*'];
    let id: string;
    try {
      id = decodeURIComponent(raw);
    } catch {
      throw new NotFoundError('Binary data could not be found: the id is not valid');
    }
    // Data of an execution the user may not see is "not found"; data of a run no longer known
    // (an unsaved run, swept) is reached only by its random id.
    const executionId = /^filesystem-v2:executions\/(\d{1,15})\//.exec(id)?.[1];
    if (executionId) {
      const owner = await ctx.executions.userOf(executionId);
      if (owner !== undefined && !mayAccess(currentUser(request), owner)) throw new NotFoundError('Binary data could not be found');
    }
    try {
      const meta = await ctx.binaryStore.metadata(id);
      const data = await ctx.binaryStore.read(id);
      const action = (request.query as { action?: string }).action;
      if (action !== 'view' && action !== 'download') return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64') };
      const download = action === 'download';
      return reply
        .type(meta.mimeType || 'application/octet-stream')
        .header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', meta.fileName))
        .header('content-security-policy', 'sandbox')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    } catch (e) {
      if (e instanceof BinaryNotFoundError) throw new NotFoundError(e.message);
      throw e;
    }
  });
}
