// The GETs index.html sends as the page starts (its inline script, before the app's bundles have
// loaded and run): the settings, the sign-in check, node types, and the data of the page the
// address names. The first request() or templates-host call for the same URL takes the answer
// instead of asking again; an answer not taken soon is dropped, so nothing stale is used.
declare global {
  interface Window {
    __switchyardEarly?: Record<string, { at: number; res: Promise<Response> }>;
  }
}

const EARLY_FOR_MS = 15_000;

/** The early answer for `url` (absolute), once; undefined when none was asked or it is old. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const all = typeof window === 'undefined' ? undefined : window.__switchyardEarly;
  const e = all?.[url];
  if (!e) return undefined;
  delete all![url];
  return performance.now() - e.at < EARLY_FOR_MS ? e.res : undefined;
}

/**
 * Drops every answer not taken yet: called before any request that may change what a GET answers
 * (signing in or out, saving), so an answer asked before it is never used after it.
 */
export function dropEarly(): void {
  if (typeof window !== 'undefined' && window.__switchyardEarly) window.__switchyardEarly = {};
}

/**
 * fetch(url, init), or the early answer to the same GET when there is one. A failed early ask, or
 * a 401 (the sign-in may have changed since), is asked again.
 */
export async function fetchOrEarly(url: string, init: RequestInit): Promise<Response> {
  const method = init.method ?? 'GET';
  if (method !== 'GET') {
    dropEarly();
    return fetch(url, init);
  }
  const early = typeof window !== 'undefined' && window.__switchyardEarly ? takeEarly(new URL(url, location.href).href) : undefined;
  if (early) {
    try {
      const res = await (init.signal ? abortable(early, init.signal) : early);
      if (res.status !== 401) return res;
    } catch (e) {
      if (init.signal?.aborted) throw e;
      // a network failure of the early ask: ask again below
    }
  }
  return fetch(url, init);
}

/** `p`, or a rejection with the signal's reason once it aborts (time-outs apply to early answers too). */
function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
