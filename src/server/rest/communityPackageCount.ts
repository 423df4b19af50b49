// GET /community-packages/count — how many community node packages npm has (spec 000 §7 "A
// package registry search supplies the total count of community packages"; the settings page's
// empty state, spec 000 §2, §9). The editor's pages call no host but ours, so the server asks the
// registry's search (keywords:n8n-community-node-package, size=1) for its `total`: within 5 s,
// kept an hour; a failure is kept a minute (a page opened again does not wait 5 s each time) and
// answers 503 with what went wrong — the page then says its generic text. Owner or default user
// only, as the page and GET /nodes.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { CommunityPackageCount } from '../../model/communityPackages.ts';
import { COMMUNITY_PACKAGE_KEYWORD } from '../../model/communityPackages.ts';
import { ServiceUnavailableError } from '../errors.ts';
import { requireRole } from '../auth/requestAuth.ts';

export const DEFAULT_NPM_REGISTRY = 'https://registry.npmjs.org/';
export const PACKAGE_COUNT_TTL_MS = 60 * 60 * 1000;
export const PACKAGE_COUNT_FAILURE_TTL_MS = 60 * 1000;
export const PACKAGE_COUNT_TIMEOUT_MS = 5000;
/** The search answer for one row is about a kilobyte; anything far larger is not it. */
const MAX_ANSWER_BYTES = 256 * 1024;

export interface PackageCountOptions {
  /** npm registry base URL (default https://registry.npmjs.org/). */
  registry?: string;
  ttlMs?: number;
  failureTtlMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

/** The search address: the registry's /-/v1/search for the community keyword, one row. */
export function packageSearchUrl(registry: string): string {
  const base = registry.endsWith('/') ? registry : `${registry}/`;
  return new URL(`-/v1/search?text=keywords:${COMMUNITY_PACKAGE_KEYWORD}&size=1`, base).href;
}

type Cached = { at: number; count: number } | { at: number; error: string };

/** Asks the registry at most once an hour (once a minute after a failure); callers in between share one request. */
export class CommunityPackageCounter {
  private readonly url: string;
  private readonly ttlMs: number;
  private readonly failureTtlMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private cached: Cached | undefined;
  private pending: Promise<Cached> | undefined;
  /** Requests made to the registry (tests read it). */
  fetches = 0;

  constructor(options: PackageCountOptions = {}) {
    this.url = packageSearchUrl(options.registry ?? DEFAULT_NPM_REGISTRY);
    this.ttlMs = options.ttlMs ?? PACKAGE_COUNT_TTL_MS;
    this.failureTtlMs = options.failureTtlMs ?? PACKAGE_COUNT_FAILURE_TTL_MS;
    this.timeoutMs = options.timeoutMs ?? PACKAGE_COUNT_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /** The count, or a ServiceUnavailableError saying why the registry could not tell it. */
  async count(): Promise<number> {
    const c = this.cached;
    const fresh = c && this.now() - c.at < ('count' in c ? this.ttlMs : this.failureTtlMs);
    const result = fresh ? c : await (this.pending ??= this.ask().finally(() => (this.pending = undefined)));
    if ('count' in result) return result.count;
    throw new ServiceUnavailableError(result.error);
  }

  private async ask(): Promise<Cached> {
    this.fetches++;
    let result: Cached;
    try {
      result = { at: this.now(), count: await this.fetchTotal() };
    } catch (e) {
      result = { at: this.now(), error: `The npm registry could not be asked for the number of community packages: ${e instanceof Error ? e.message : String(e)}` };
    }
    this.cached = result;
    return result;
  }

  private async fetchTotal(): Promise<number> {
    let res: Response;
    try {
      res = await fetch(this.url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs), redirect: 'follow' });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'TimeoutError') throw new Error(`no answer within ${this.timeoutMs / 1000} s`);
      throw new Error(`${new URL(this.url).host} cannot be reached (${(e as Error & { cause?: { code?: string } }).cause?.code ?? (e as Error).message})`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`${new URL(this.url).host} answered HTTP ${res.status}`);
    }
    const text = await readCapped(res, MAX_ANSWER_BYTES);
    let total: unknown;
    try {
      total = (JSON.parse(text) as { total?: unknown }).total;
    } catch {
      throw new Error('its answer is not JSON');
    }
    if (typeof total !== 'number' || !Number.isInteger(total) || total < 0) throw new Error('its answer has no package total');
    return total;
  }
}

async function readCapped(res: Response, max: number): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error(`its answer is larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The count is asked of the registry packages are installed from (SWITCHYARD_COMMUNITY_PACKAGES_REGISTRY). */
export function communityPackageCountRoutes(app: FastifyInstance, ctx: ServerContext, options: PackageCountOptions = {}): CommunityPackageCounter {
  const counter = new CommunityPackageCounter({ registry: ctx.config.communityPackagesRegistry, ...options });
  app.get('/community-packages/count', async (request): Promise<{ data: CommunityPackageCount }> => {
    requireRole(request, ['owner', 'default'], 'see the community packages');
    return { data: { count: await counter.count() } };
  });
  return counter;
}
