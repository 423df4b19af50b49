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
  /** Creates a workflow (execution order v1 unless `settings` say otherwise); its id. */
  createWorkflow(wf: { name: string; nodes: object[]; connections: object; settings?: object; pinData?: object }): Promise<string>;
  /** Opens workflow `id` in the editor on `page`; resolves once the canvas is up with its `nodes` nodes. */
  openWorkflow(page: Page, id: string, nodes: number): Promise<void>;
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
  const session: EditorSession = {
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
    async createWorkflow(wf) {
      return (await session.rest<{ id: string }>('POST', 'workflows', { settings: { executionOrder: 'v1' }, ...wf })).id;
    },
    async openWorkflow(page: Page, id: string, nodes: number) {
      await page.goto(`${url}workflow/${id}`);
      await page.waitForFunction(() => !!(window as unknown as { __switchyardCanvas?: unknown }).__switchyardCanvas);
      await page.waitForFunction((count) => (window as unknown as { __switchyard: { workflow: { nodes: Map<string, unknown> } } }).__switchyard.workflow.nodes.size === count, nodes);
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
  return session;
}

/** The Manual Trigger most bench workflows start with (id 't', at 240, 300). */
export const MANUAL_TRIGGER = { id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [240, 300], parameters: {} };

/** A Switch (v3.2) rule routing `$json.status === 's<i>'` to an output named 'Status <i>'. */
export function switchRule(i: number) {
  return {
    conditions: {
      options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
      conditions: [{ id: `c${i}`, leftValue: '={{ $json.status }}', rightValue: `s${i}`, operator: { type: 'string', operation: 'equals' } }],
      combinator: 'and',
    },
    renameOutput: true,
    outputKey: `Status ${i}`,
  };
}

export function median(values: number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return Math.round((s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2) * 100) / 100;
}
