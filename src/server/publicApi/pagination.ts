// Cursor pagination as n8n's public API answers it: `{ data, nextCursor }`, the cursor an opaque
// base64 string (here JSON `{ lastId, limit }`: keyset pages, stable while items are added or
// deleted), null on the last page. A cursor carries its page size; a forged one is checked like
// the query's own limit.
import { BadRequestError } from '../errors.ts';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './schemas.ts';

/** The most stored JSON one page reads (workflows, execution data): it ends early, never empty. */
export const PAGE_BYTES_MAX = 4 * 1024 * 1024;

export interface Page {
  /** Items after this id (in the list's order); undefined for the first page. */
  afterId?: string;
  limit: number;
}

const INVALID_CURSOR = 'An invalid cursor was provided: query/cursor must be the nextCursor of a previous answer, unchanged';

export function encodeCursor(lastId: string, limit: number): string {
  return Buffer.from(JSON.stringify({ lastId, limit })).toString('base64');
}

/** The page a list request asks for: its cursor's, else the first one of `limit` items. */
export function pageOf(query: { limit?: number; cursor?: string }): Page {
  if (query.cursor === undefined) return { limit: query.limit ?? DEFAULT_PAGE_LIMIT };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(query.cursor, 'base64').toString('utf8'));
  } catch {
    throw new BadRequestError(INVALID_CURSOR);
  }
  const { lastId, limit } = (decoded ?? {}) as { lastId?: unknown; limit?: unknown };
  const idOk = typeof lastId === 'string' && lastId.length > 0 && lastId.length <= 64;
  const limitOk = typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 && limit <= MAX_PAGE_LIMIT;
  if (!idOk || !limitOk) throw new BadRequestError(INVALID_CURSOR);
  return { afterId: lastId, limit };
}

/** The cursor of the page after `items` (the last one's id), or null when nothing follows. */
export function nextCursor<T>(items: T[], more: boolean, idOf: (item: T) => string, limit: number): string | null {
  return more && items.length > 0 ? encodeCursor(idOf(items[items.length - 1]!), limit) : null;
}
