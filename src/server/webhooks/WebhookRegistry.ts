// Webhooks by method and path, n8n's lookup: a static path matches exactly; a path with
// ':params' is registered under its node's webhookId (URL '<webhookId>/<path>') and matches
// when the segment count and every static segment agree. Static paths win.
export interface WebhookKey {
  method: string;
  /** Full path under the endpoint, e.g. 'orders' or '<webhookId>/user/:id'. */
  path: string;
}

interface Entry<T> extends WebhookKey {
  segments?: string[];
  target: T;
}

export interface WebhookMatch<T> {
  target: T;
  params: Record<string, string>;
  path: string;
}

export function isDynamicPath(path: string): boolean {
  return path.startsWith(':') || path.includes('/:');
}

export class WebhookRegistry<T> {
  readonly #static = new Map<string, Entry<T>>();
  /** By first segment (the webhookId), then entries. */
  readonly #dynamic = new Map<string, Array<Entry<T>>>();

  get size(): number {
    let n = this.#static.size;
    for (const list of this.#dynamic.values()) n += list.length;
    return n;
  }

  /** The entry already holding this method and path, if any. */
  holder(key: WebhookKey): T | undefined {
    const segments = key.path.split('/');
    if (!isDynamicPath(key.path)) return this.#static.get(`${key.method} ${key.path}`)?.target;
    return this.#dynamic.get(segments[0])?.find((e) => e.method === key.method && e.path === key.path)?.target;
  }

  add(key: WebhookKey, target: T): void {
    const entry: Entry<T> = { ...key, target };
    if (!isDynamicPath(key.path)) {
      this.#static.set(`${key.method} ${key.path}`, entry);
      return;
    }
    entry.segments = key.path.split('/');
    const list = this.#dynamic.get(entry.segments[0]) ?? [];
    list.push(entry);
    this.#dynamic.set(entry.segments[0], list);
  }

  /** Removes every entry whose target passes the test; returns how many went. */
  removeWhere(test: (target: T) => boolean): number {
    let n = 0;
    for (const [k, e] of this.#static) {
      if (test(e.target)) {
        this.#static.delete(k);
        n++;
      }
    }
    for (const [id, list] of this.#dynamic) {
      const kept = list.filter((e) => !test(e.target));
      n += list.length - kept.length;
      if (kept.length) this.#dynamic.set(id, kept);
      else this.#dynamic.delete(id);
    }
    return n;
  }

  find(method: string, path: string): WebhookMatch<T> | undefined {
    const hit = this.#static.get(`${method} ${path}`);
    if (hit) return { target: hit.target, params: {}, path: hit.path };
    const segments = path.split('/');
    const list = this.#dynamic.get(segments[0]);
    if (!list) return undefined;
    for (const e of list) {
      if (e.method !== method || e.segments!.length !== segments.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 1; i < segments.length; i++) {
        const s = e.segments![i];
        if (s.startsWith(':')) params[s.slice(1)] = safeDecode(segments[i]);
        else if (s !== segments[i]) {
          ok = false;
          break;
        }
      }
      if (ok) return { target: e.target, params, path: e.path };
    }
    return undefined;
  }

  /** Methods registered for a path (for 404 hints, CORS and OPTIONS). */
  methodsFor(path: string): string[] {
    const out: string[] = [];
    for (const m of ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT']) if (this.find(m, path)) out.push(m);
    return out;
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
