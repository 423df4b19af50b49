// Who calls the public API: the user whose API key (Settings → API) is in the X-N8N-API-KEY
// header, and only that — a session cookie opens nothing here. The key is looked up by its
// sha256 (the database never holds it in the clear). The request then carries that user and
// role, and every handler applies the same ownership rules as REST (auth/access.ts).
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { ForbiddenError, HttpError } from '../errors.ts';
import { SETUP_REQUIRED_MESSAGE } from '../auth/requestAuth.ts';
import { sha256 } from '../auth/tokens.ts';
import { API_KEY_HEADER } from './constants.ts';

/** n8n's answers, so tools written for its public API recognise them. */
export const API_KEY_REQUIRED = 'X-N8N-API-KEY header required';
export const UNAUTHORIZED = 'Unauthorized';

/** Keys are `sy_api_` and 43 characters; anything much longer is not one (and is not hashed). */
const MAX_KEY_LENGTH = 256;

export function apiKeyAuth(ctx: ServerContext) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    if (ctx.auth.userManagement.setupRequired) throw new ForbiddenError(SETUP_REQUIRED_MESSAGE);
    const raw = request.headers[API_KEY_HEADER];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key) throw new HttpError(401, API_KEY_REQUIRED);
    const user = key.length <= MAX_KEY_LENGTH ? await ctx.repos.users.findByApiKeyHash(sha256(key)) : undefined;
    if (!user) throw new HttpError(401, UNAUTHORIZED);
    request.user = user;
    request.role = user.role;
  };
}
