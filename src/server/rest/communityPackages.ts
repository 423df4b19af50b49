// GET/POST/PATCH/DELETE /nodes — community node packages (spec 000 §7, 002 §5), owner (or the
// default user) only; GET /node-icon/:nodeType — a community node's icon file (spec 000 §7).
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { ServerContext } from '../context.ts';
import { requireRole } from '../auth/requestAuth.ts';
import { NotFoundError } from '../errors.ts';

const NameBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 214 }), version: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }, { additionalProperties: false });
const NameOnly = Type.Object({ name: Type.String({ minLength: 1, maxLength: 214 }) }, { additionalProperties: false });
const NameQuery = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 214 })) }, { additionalProperties: false });
const IconParams = Type.Object({ nodeType: Type.String({ minLength: 1, maxLength: 512 }) }, { additionalProperties: false });
const ICON_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png' };
const MAX_ICON_BYTES = 512 * 1024;

export function communityPackagesRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const packages = ctx.communityPackages;
  const action = 'manage community packages';

  app.get('/nodes', async (request) => {
    requireRole(request, ['owner', 'default'], action);
    return { data: await packages.list() };
  });

  app.post('/nodes', { schema: { body: NameBody } }, async (request) => {
    requireRole(request, ['owner', 'default'], action);
    const body = request.body as { name: string; version?: string };
    return { data: await packages.install(body.name, body.version) };
  });

  app.patch('/nodes', { schema: { body: NameOnly } }, async (request) => {
    requireRole(request, ['owner', 'default'], action);
    return { data: await packages.update((request.body as { name: string }).name) };
  });

  // The name in the body (the editor's) or in the query (n8n's older clients).
  app.delete('/nodes', { schema: { querystring: NameQuery } }, async (request) => {
    requireRole(request, ['owner', 'default'], action);
    const body = request.body as { name?: unknown } | undefined;
    const name = (request.query as { name?: string }).name ?? body?.name;
    await packages.uninstall(name);
    return { data: null };
  });

  app.get('/node-icon/:nodeType', { schema: { params: IconParams } }, async (request, reply) => {
    const { nodeType } = request.params as { nodeType: string };
    const path = packages.iconPath(nodeType);
    const type = path ? ICON_TYPES[extname(path).toLowerCase()] : undefined;
    if (!path || !type) throw new NotFoundError('No icon found for this node type');
    const bytes = await readFile(path).catch(() => undefined);
    if (!bytes || bytes.length > MAX_ICON_BYTES) throw new NotFoundError('No icon found for this node type');
    // An SVG from a package cannot run script in our origin when opened directly.
    return reply.type(type).header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox").header('cache-control', 'public, max-age=3600').send(bytes);
  });
}
