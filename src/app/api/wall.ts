// The wall's calls (issue 18): its workflows and live stream, read with the session or with a
// kiosk's wall token, and the owner's wall tokens.
import type { WallToken, WallTokenCreated, WallWorkflow } from '../../model/wall.ts';
import { request, restUrl } from './client.ts';

/** How a wall screen reads: its session (ids named) or a wall token (ids optional). */
export interface WallAccess {
  ids?: string[];
  token?: string;
}

function query(a: WallAccess): Record<string, string | undefined> {
  return { ids: a.ids?.length ? a.ids.join(',') : undefined };
}

/** GET /wall/workflows: the workflows to draw, with their live state. */
export function getWallWorkflows(a: WallAccess, signal?: AbortSignal): Promise<WallWorkflow[]> {
  // A 401 with a token is the token's answer (revoked), not a lost session.
  return request('GET', '/wall/workflows', { query: query(a), signal, authFlow: !!a.token, headers: a.token ? { authorization: `Bearer ${a.token}` } : undefined });
}

/** URL of GET /wall/stream (EventSource cannot send headers: the token goes in the query). */
export function wallStreamUrl(a: WallAccess): string {
  return restUrl('/wall/stream', { ...query(a), wallToken: a.token });
}

export function getWallTokens(): Promise<WallToken[]> {
  return request('GET', '/wall/tokens');
}

export function createWallToken(label: string, workflowIds: string[]): Promise<WallTokenCreated> {
  return request('POST', '/wall/tokens', { body: { label, workflowIds } });
}

export function deleteWallToken(id: string): Promise<boolean> {
  return request('DELETE', `/wall/tokens/${encodeURIComponent(id)}`);
}
