// The two checks every request passes before anything else (shared/DESIGN.md "A locked door"):
// its Host must be one this instance answers to (no DNS rebinding: a page on evil.example that
// resolves to 127.0.0.1 sends Host: evil.example), and a state-changing REST request must come
// from the editor's own origin (no cross-site form or no-cors fetch, with a body or without).
import { networkInterfaces } from 'node:os';
import { isIP } from 'node:net';

/** Wildcard bind addresses: any local interface may be the one a browser used. */
const WILDCARD = new Set(['0.0.0.0', '::', '']);

export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return h === '::ffff:127.0.0.1';
}

/** 'example.com:5678' → 'example.com'; '[::1]:80' → '::1'. */
export function hostnameOf(hostHeader: string): string {
  let h = hostHeader.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    h = end > 0 ? h.slice(1, end) : h.slice(1);
  } else {
    const colon = h.lastIndexOf(':');
    // An IPv6 address without brackets has several colons and no port.
    if (colon >= 0 && h.indexOf(':') === colon) h = h.slice(0, colon);
  }
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

function urlHostname(url: string): string | undefined {
  if (!url) return undefined;
  try {
    return hostnameOf(new URL(url).host);
  } catch {
    return undefined;
  }
}

export class HostPolicy {
  readonly #allowed = new Set<string>();
  readonly #editorOrigin: string | undefined;
  readonly #wildcard: boolean;

  constructor(options: { host: string; editorBaseUrl: string; webhookUrl: string }) {
    this.#wildcard = WILDCARD.has(options.host);
    if (!this.#wildcard) this.#allowed.add(hostnameOf(options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host));
    for (const url of [options.editorBaseUrl, options.webhookUrl]) {
      const h = urlHostname(url);
      if (h) this.#allowed.add(h);
    }
    if (this.#wildcard) {
      for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) this.#allowed.add(a.address.toLowerCase());
    }
    try {
      this.#editorOrigin = options.editorBaseUrl ? new URL(options.editorBaseUrl).origin : undefined;
    } catch {
      this.#editorOrigin = undefined;
    }
  }

  /** Whether a request with this Host header is answered. */
  hostAllowed(hostHeader: string | undefined): boolean {
    if (!hostHeader) return false;
    const h = hostnameOf(hostHeader);
    return isLoopbackHost(h) || this.#allowed.has(h);
  }

  /**
   * Why a state-changing request is cross-site, or undefined when it is not. Browsers send
   * Origin (and Sec-Fetch-Site) on every POST/PATCH/PUT/DELETE; a request with neither comes from
   * a program (curl, a script), which no web page can make a browser send for it.
   */
  crossSiteReason(headers: { origin?: string | string[]; 'sec-fetch-site'?: string | string[]; host?: string }): string | undefined {
    const site = single(headers['sec-fetch-site']);
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site is ${JSON.stringify(site)}`;
    const origin = single(headers.origin);
    if (origin === undefined) return undefined;
    if (origin === 'null') return 'Origin is "null"';
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return `Origin ${JSON.stringify(origin)} is not a URL`;
    }
    if (headers.host && parsed.host.toLowerCase() === headers.host.toLowerCase()) return undefined;
    if (this.#editorOrigin && parsed.origin === this.#editorOrigin) return undefined;
    return `Origin ${JSON.stringify(origin)} is not the editor's`;
  }
}

function single(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
