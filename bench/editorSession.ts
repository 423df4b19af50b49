// The real editor against the real server, for benches that measure what a user of the editor
// waits for (the node details view, pinning, expressions). It reuses the e2e set-up: the editor
// built into a temporary folder, the server on a free port of 127.0.0.1 with a temporary data
// folder, owner setup skipped; then Debian's Chromium with WebGL through SwiftShader.
// Every page gets a long-task recorder: `window.__longTasks` (durations in ms, > 50 ms each).
import { chromium, type Browser, type Page } from 'playwright-core';
import globalSetup from '../tests/e2e/globalSetup.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './canvas-server.mjs';

export type EditorSession = {
  /** The editor's URL (ends with the base path's '/'). */
  url: string;
  browser: Browser;
  newPage(): Promise<Page>;
  /** Sends a REST call to the server with the Origin header the locked door wants. */
  rest<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
};

declare global {
  interface Window {
    __longTasks: number[];
  }
}

export async function startEditorSession(): Promise<EditorSession> {
  const stopServer = await globalSetup();
  const url = process.env.SWITCHYARD_E2E_URL!;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  const origin = new URL(url).origin;
  return {
    url,
    browser,
    async newPage() {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.addInitScript(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push(e.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
      return page;
    },
    async rest<T>(method: string, path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${url}rest/${path.replace(/^\//, '')}`, {
        method,
        headers: { origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
      const json = text ? JSON.parse(text) : undefined;
      return (json && typeof json === 'object' && 'data' in json ? json.data : json) as T;
    },
    async stop() {
      await browser.close().catch(() => {});
      await stopServer();
    },
  };
}

export function median(values: number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return Math.round((s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2) * 100) / 100;
}
