// The open-workflow list and the settings dialog's error-workflow list with many workflows, in the
// real editor against the real server (bench/editorSession.ts). 2,000 workflows (two in three
// tagged, one in ten with an Error Trigger); then, each run timed inside the page from the input
// event to the next frame after the result is in the DOM: the sidebar's Open click → first rows,
// a search typed → the filtered rows, the end of the list scrolled into view → the next 100 rows,
// with the long tasks (> 50 ms) meanwhile. Also the server's answer times for GET /workflows (all
// 2,000) and with the nodeTypes filter (the settings dialog's error workflows).
import type { Page } from 'playwright-core';
import { startEditorSession } from './editorSession.ts';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.floor(s.length / 2)]! * 10) / 10 : NaN;
};

function wf(name: string, type: string, tags: string[]) {
  return { name, nodes: [{ id: crypto.randomUUID(), name: 'First', type, typeVersion: 1, position: [240, 300], parameters: {} }], connections: {}, tags };
}

/** Runs `start` in the page and resolves with the ms until `done()` holds, measured at the next frame. */
async function timed(page: Page, start: string, done: string): Promise<{ ms: number; longTasks: number[] }> {
  return page.evaluate(
    ({ start, done }) =>
      new Promise<{ ms: number; longTasks: number[] }>((resolve, reject) => {
        const before = window.__longTasks.length;
        const t0 = performance.now();
        new Function(start)();
        const isDone = new Function(`return (${done});`) as () => boolean;
        const check = () => {
          if (performance.now() - t0 > 30_000) return reject(new Error(`not done after 30 s: ${done}`));
          if (isDone()) requestAnimationFrame(() => resolve({ ms: performance.now() - t0, longTasks: window.__longTasks.slice(before) }));
          else requestAnimationFrame(check);
        };
        check();
      }),
    { start, done },
  );
}

export async function runOpenListBench({ quick }: { quick?: boolean } = {}) {
  const session = await startEditorSession();
  try {
    const count = quick ? 500 : 2000;
    const runs = quick ? 3 : 5;
    const tag = await session.rest<{ id: string }>('POST', '/tags', { name: `bench-${Date.now() % 1e8}` });
    for (let i = 0; i < count; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          session.rest('POST', '/workflows', wf(`Bench ${String(i + j).padStart(4, '0')}`, (i + j) % 10 === 0 ? 'n8n-nodes-base.errorTrigger' : 'n8n-nodes-base.manualTrigger', (i + j) % 3 ? [tag.id] : [])),
        ),
      );
    }
    const current = await session.rest<{ id: string }>('POST', '/workflows', wf('Bench current', 'n8n-nodes-base.manualTrigger', []));

    const server = { listAll: [] as number[], listErrorWorkflows: [] as number[] };
    for (let r = 0; r < runs; r++) {
      let t = performance.now();
      await session.rest('GET', '/workflows');
      server.listAll.push(performance.now() - t);
      t = performance.now();
      await session.rest('GET', `/workflows?filter=${encodeURIComponent(JSON.stringify({ nodeTypes: ['n8n-nodes-base.errorTrigger'] }))}`);
      server.listErrorWorkflows.push(performance.now() - t);
    }

    const page = await session.newPage();
    await page.goto(`${session.url}workflow/${current.id}`);
    await page.waitForSelector('[data-testid="sidebar-open-workflow"]');
    await page.waitForTimeout(1000);
    const open: number[] = [];
    const search: number[] = [];
    const more: number[] = [];
    const longTasks: number[] = [];
    const rows = `document.querySelectorAll('[data-testid="open-wf-row"]').length`;
    for (let r = 0; r < runs; r++) {
      const o = await timed(page, `document.querySelector('[data-testid="sidebar-open-workflow"]').click()`, `${rows} > 0`);
      open.push(o.ms);
      longTasks.push(...o.longTasks);
      // 'Bench 19' matches Bench 0019, 0190-0199 and 1900-1999 (111 with 2,000 workflows).
      const s = await timed(
        page,
        `const i = document.querySelector('input[aria-label="Search workflows by name"]');
         Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(i, 'Bench 19');
         i.dispatchEvent(new Event('input', { bubbles: true }));`,
        `document.querySelector('[data-testid="open-wf-row"]')?.textContent.startsWith('Bench 19') && ${rows} <= 100`,
      );
      search.push(s.ms);
      longTasks.push(...s.longTasks);
      const c = await timed(
        page,
        `const i = document.querySelector('input[aria-label="Search workflows by name"]');
         Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(i, '');
         i.dispatchEvent(new Event('input', { bubbles: true }));`,
        `${rows} === 100 && !!document.querySelector('[data-testid="open-wf-more"]')`,
      );
      longTasks.push(...c.longTasks);
      const m = await timed(page, `document.querySelector('[data-testid="open-wf-more"]').scrollIntoView()`, `${rows} === 200`);
      more.push(m.ms);
      longTasks.push(...m.longTasks);
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid="workflow-open-dialog"]', { state: 'detached' });
    }
    return {
      workflows: count + 1,
      runs,
      serverMs: { listAllMedian: median(server.listAll), listErrorWorkflowsMedian: median(server.listErrorWorkflows) },
      openClickToRowsMs: { median: median(open), all: open.map(Math.round) },
      searchToFilteredMs: { median: median(search), all: search.map(Math.round) },
      scrollToNext100Ms: { median: median(more), all: more.map(Math.round) },
      longTasksOver50ms: { count: longTasks.length, longestMs: Math.round(Math.max(0, ...longTasks)) },
    };
  } finally {
    await session.stop();
  }
}
