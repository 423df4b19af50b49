// GET /credential-icon/:credentialName and GET /credential-translation (spec 002 §7).
//
// The icon: a type's 'file:<path>' icon is served from assets/credentials/ (the path may not leave
// it); 'node:<node type>' is that node's icon — a 'fa:' icon drawn as an SVG from the same path
// data the editor uses, in the node's colour. An unknown type is 404 'Credential type not found';
// a type without an icon (or whose node or icon file is missing) is 404 'No icon found for credential.'.
//
// The translation: n8n answers the type's translation for the instance's default locale, or
// null when there is none. Switchyard ships English only (the types' own texts), so the answer is
// always { data: null }, as n8n's for a type without a translation file.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerContext } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { credentialType } from '../../nodes/credentials/registry.ts';
import { ICONS } from '../../../assets/icons.ts';

/** Where 'file:' credential icons live ('file:icons/Google.svg' = assets/credentials/icons/Google.svg). */
export const CREDENTIAL_ICON_ROOT = fileURLToPath(new URL('../../../assets/credentials/', import.meta.url));
const CONTENT_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png' };
const MAX_ICON_BYTES = 512 * 1024;
const NO_ICON = 'No icon found for credential.';

const IconParams = Type.Object({ credentialName: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });
const TranslationQuery = Type.Object({ credentialType: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A 'fa:' icon as a standalone SVG, filled with the node's colour (a CSS colour, checked). */
export function faIconSvg(icon: string, color: string | undefined): string | undefined {
  const path = ICONS[icon];
  if (!path) return undefined;
  const fill = color && /^#[0-9a-fA-F]{3,8}$/.test(color) ? color : '#7a7a7a';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${path.width} ${path.height}"><path fill="${escapeXml(fill)}" d="${escapeXml(path.path)}"/></svg>`;
}

async function sendFileIcon(reply: FastifyReply, relative: string): Promise<FastifyReply> {
  const full = resolve(CREDENTIAL_ICON_ROOT, relative);
  const type = CONTENT_TYPES[extname(full).toLowerCase()];
  if (!full.startsWith(CREDENTIAL_ICON_ROOT.endsWith(sep) ? CREDENTIAL_ICON_ROOT : CREDENTIAL_ICON_ROOT + sep) || !type) throw new NotFoundError(NO_ICON);
  let body: Buffer;
  try {
    body = await readFile(full);
  } catch {
    throw new NotFoundError(NO_ICON);
  }
  if (body.length > MAX_ICON_BYTES) throw new NotFoundError(NO_ICON);
  return sendIcon(reply, type, body);
}

/** An icon file of an installed package (the path came from the package host, inside the package folder). */
async function sendPackageIcon(reply: FastifyReply, path: string): Promise<FastifyReply> {
  const type = CONTENT_TYPES[extname(path).toLowerCase()];
  const body = type ? await readFile(path).catch(() => undefined) : undefined;
  if (!type || !body || body.length > MAX_ICON_BYTES) throw new NotFoundError(NO_ICON);
  return sendIcon(reply, type, body);
}

function sendIcon(reply: FastifyReply, type: string, body: string | Buffer): FastifyReply {
  // The REST hook marks answers no-store; an icon is the same for every user and changes only with
  // a new version, so it may be kept for a day by this browser.
  return reply.type(type).header('x-content-type-options', 'nosniff').header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'").send(body);
}

export function credentialIconRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/credential-icon/:credentialName', { schema: { params: IconParams } }, async (request, reply) => {
    const { credentialName } = request.params as { credentialName: string };
    const type = credentialType(credentialName);
    if (!type) throw new NotFoundError('Credential type not found');
    const icon = typeof type.icon === 'object' && type.icon !== null ? (type.icon as { light?: string }).light : type.icon;
    // A community package's credential type: its icon file is in the package folder.
    const packaged = ctx.communityPackages.credentialIconPath(credentialName) ?? (icon?.startsWith('node:') ? ctx.communityPackages.iconPath(icon.slice(5)) : undefined);
    if (packaged) return sendPackageIcon(reply, packaged);
    if (icon?.startsWith('file:')) return sendFileIcon(reply, icon.slice(5));
    if (icon?.startsWith('node:')) {
      const node = ctx.nodeTypes.get(icon.slice(5))?.description;
      const nodeIcon = node?.icon;
      const color = node?.defaults?.color;
      const svg = typeof nodeIcon === 'string' && nodeIcon.startsWith('fa:') ? faIconSvg(nodeIcon, typeof color === 'string' ? color : undefined) : undefined;
      if (svg) return sendIcon(reply, 'image/svg+xml', svg);
    }
    throw new NotFoundError(NO_ICON);
  });

  app.get('/credential-translation', { schema: { querystring: TranslationQuery } }, async () => ({ data: null }));
}
