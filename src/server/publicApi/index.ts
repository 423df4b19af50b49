// The public API (/api/v1): placeholder module replaced by the public API work in progress.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
export { PUBLIC_API_PATH } from './constants.ts';

export function publicApiRoutes(_ctx: ServerContext) {
  return async function publicApi(_app: FastifyInstance): Promise<void> {};
}
