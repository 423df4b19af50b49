// The base path the server injected into index.html ('/' or '/something/'). Everything the
// editor requests or links to is built from it, so the app works under any prefix.
declare global {
  interface Window {
    __SWITCHYARD_BASE_PATH__?: string;
  }
}

function normalise(raw: string | undefined): string {
  let p = (raw ?? '/').trim() || '/';
  if (!p.startsWith('/')) p = '/' + p;
  if (!p.endsWith('/')) p += '/';
  return p;
}

/** Always starts and ends with '/'. */
export const basePath = normalise(typeof window === 'undefined' ? '/' : window.__SWITCHYARD_BASE_PATH__);

/** For wouter's <Router base>: no trailing slash ('' at the root). */
export const routerBase = basePath.replace(/\/$/, '');

/** `${basePath}rest` — the REST base. */
export const restBase = `${basePath}rest`;
