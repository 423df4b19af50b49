// The node details view's data panels, in the real editor against the real server (issue 11):
// a workflow whose Code nodes produce 100,000 items x 20 fields (four Code nodes of 25,000 into a
// Merge, 'Big') and 5,000 items (a Code node into a No Operation node, 'Medium': its input and
// output both hold them) is run from
// the editor (the data reaches the page as a user's run does), then what the user waits for is
// timed in the page: the double click on the node -> the output's first rows painted, a click
// on JSON / Table -> the other view painted, and a scroll through all 100,000 rows (page size
// 'All') with the long tasks (> 50 ms) counted while it scrolls. Medians of several runs.
// Part of `npm run bench -- --only ndv-data` (runNdvDataBench).
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { median, startEditorSession } from './editorSession.ts';

const FIELDS = 20;
const BIG = 100_000;
const MEDIUM = 5_000;

/**
 * 20 fields of the kinds real rows have: ids, names, emails, numbers, flags, dates, a nested
 * object. One Code node makes at most 25,000 of them (100,000 run out of the Code sandbox's
 * 128 MB), so four of them feed a Merge (append) whose output is the 100,000 items.
 */
const PART = 25_000;
const itemsCode = (n: number, from = 0) => `const out = [];
for (let i = ${from}; i < ${from + n}; i++) {
  out.push({ json: {
    id: i, uuid: 'a1b2c3d4-' + i, firstName: 'First' + (i % 977), lastName: 'Last' + (i % 331),
    email: 'user' + i + '@example.com', age: 18 + (i % 60), active: i % 3 === 0, score: (i * 7.31) % 100,
    city: ['Berlin', 'Paris', 'Lisbon', 'Oslo'][i % 4], country: 'DE', zip: String(10000 + (i % 89999)),
    createdAt: new Date(1700000000000 + i * 60000).toISOString(), plan: i % 5 ? 'free' : 'pro',
    tags: ['t' + (i % 7), 't' + (i % 11)], company: 'Company ' + (i % 1000), phone: '+49 30 ' + (1000000 + i),
    notes: i % 10 ? '' : 'Called on Monday, wants a demo', revenue: i * 13, currency: 'EUR',
    address: { street: 'Street ' + (i % 500), number: i % 200 },
  } });
}
return out;`;

/** Double-clicks a node on the canvas; answers ms from the second release to the first painted output rows. */
async function timeOpen(page: Page, nodeName: string): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __t0?: number };
    w.__t0 = undefined;
    window.addEventListener('pointerup', (e) => (w.__t0 = e.timeStamp), { capture: true });
  });
  const box = (await page.locator(`[data-testid="canvas-node"][data-node-name="${nodeName}"]`).boundingBox())!;
  const painted = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
        const ready = () => document.querySelector('[data-testid="ndv-output"] [data-testid="data-table-row"]');
        if (ready()) return done();
        const mo = new MutationObserver(() => {
          if (ready()) {
            mo.disconnect();
            done();
          }
        });
        mo.observe(document.body, { childList: true, subtree: true });
      }),
  );
  await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
  const t1 = await painted;
  const t0 = await page.evaluate(() => (window as unknown as { __t0: number }).__t0);
  return t1 - t0;
}

/** Clicks a control; answers ms from the click to the first paint after `selector` appears. */
async function timeClick(page: Page, testId: string, selector: string): Promise<number> {
  return page.evaluate(
    ([id, sel]) =>
      new Promise<number>((resolve) => {
        const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
        const t0 = performance.now();
        const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
        const mo = new MutationObserver(() => {
          if (document.querySelector(sel!)) {
            mo.disconnect();
            done();
          }
        });
        mo.observe(document.body, { childList: true, subtree: true });
        el.click();
      }),
    [testId, selector],
  );
}

/** Scrolls a virtual list from top to bottom in ~60 frames (wheel-sized steps), as a user flinging would. */
async function scrollToEnd(page: Page, listSelector: string): Promise<{ ms: number; longTasks: number[]; maxRows: number; reachedEnd: boolean }> {
  return page.evaluate(
    (sel) =>
      new Promise<{ ms: number; longTasks: number[]; maxRows: number; reachedEnd: boolean }>((resolve) => {
        const el = document.querySelector<HTMLElement>(sel)!;
        window.__longTasks = [];
        const t0 = performance.now();
        const frames = 60;
        let f = 0;
        let maxRows = 0;
        const step = () => {
          f++;
          el.scrollTop = ((el.scrollHeight - el.clientHeight) * f) / frames;
          maxRows = Math.max(maxRows, el.querySelectorAll('[data-testid="data-table-row"], [data-testid="json-line"]').length);
          if (f < frames) requestAnimationFrame(step);
          else
            requestAnimationFrame(() =>
              setTimeout(() => {
                const reachedEnd = Math.abs(el.scrollTop + el.clientHeight - el.scrollHeight) < 2;
                resolve({ ms: performance.now() - t0, longTasks: [...window.__longTasks], maxRows, reachedEnd });
              }, 100),
            );
        };
        requestAnimationFrame(step);
      }),
    listSelector,
  );
}

async function closeNdv(page: Page): Promise<void> {
  await page.getByTestId('ndv-close').click();
  await page.getByTestId('ndv').waitFor({ state: 'detached' });
}

export async function runNdvDataBench({ quick = false }: { quick?: boolean } = {}) {
  const reps = quick ? 3 : 5;
  const load = loadavg().map((x) => +x.toFixed(2));
  const session = await startEditorSession();
  try {
    const wf = await session.rest<{ id: string }>('POST', '/workflows', {
      name: 'NDV data bench',
      settings: { executionOrder: 'v1' },
      nodes: [
        { id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [240, 300], parameters: {} },
        ...[0, 1, 2, 3].map((k) => ({ id: `p${k}`, name: `Part ${k + 1}`, type: 'n8n-nodes-base.code', typeVersion: 2, position: [480, 100 + k * 140], parameters: { jsCode: itemsCode(PART, k * PART) } })),
        { id: 'b', name: 'Big', type: 'n8n-nodes-base.merge', typeVersion: 3.2, position: [760, 300], parameters: { mode: 'append', numberInputs: 4 } },
        { id: 'g', name: 'Make 5k', type: 'n8n-nodes-base.code', typeVersion: 2, position: [480, 700], parameters: { jsCode: itemsCode(MEDIUM) } },
        { id: 'm', name: 'Medium', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [760, 700], parameters: {} },
      ],
      connections: {
        Trigger: { main: [[0, 1, 2, 3].map((k) => ({ node: `Part ${k + 1}`, type: 'main', index: 0 })).concat([{ node: 'Make 5k', type: 'main', index: 0 }])] },
        'Make 5k': { main: [[{ node: 'Medium', type: 'main', index: 0 }]] },
        ...Object.fromEntries([0, 1, 2, 3].map((k) => [`Part ${k + 1}`, { main: [[{ node: 'Big', type: 'main', index: k }]] }])),
      },
    });
    const page = await session.newPage();
    await page.goto(`${session.url}workflow/${wf.id}`);
    await page.waitForFunction(() => !!(window as unknown as { __switchyardCanvas?: unknown }).__switchyardCanvas);
    await page.locator('[data-testid="canvas-node"][data-node-name="Big"]').waitFor();
    await page.waitForTimeout(1000);
    const runStart = Date.now();
    await page.getByTestId('execute-workflow').click();
    await page.getByTestId('toast').filter({ hasText: 'Workflow executed successfully' }).waitFor({ timeout: 300_000 });
    await page.waitForFunction((n) => (window as unknown as { __switchyard: { workflow: { runData?: Record<string, Array<{ data?: { main: unknown[][] } }>> } } }).__switchyard.workflow.runData?.Big?.[0]?.data?.main[0]?.length === n, BIG, { timeout: 300_000 });
    const runSeconds = (Date.now() - runStart) / 1000;
    const size = await page.evaluate(() => {
      const items = (window as unknown as { __switchyard: { workflow: { runData: Record<string, Array<{ data: { main: Array<Array<{ json: unknown }>> } }>> } } }).__switchyard.workflow.runData.Big![0]!.data.main[0]!;
      return JSON.stringify(items.slice(0, 1000)).length * (items.length / 1000);
    });

    // Opening the NDV: 100,000 and 5,000 items.
    const openBig: number[] = [];
    const openMedium: number[] = [];
    for (let i = 0; i < reps; i++) {
      openBig.push(await timeOpen(page, 'Big'));
      await closeNdv(page);
      openMedium.push(await timeOpen(page, 'Medium'));
      await closeNdv(page);
    }

    // Table <-> JSON, then the whole list on one page ('All') scrolled to the end in both views.
    await timeOpen(page, 'Big');
    const toJson: number[] = [];
    const toTable: number[] = [];
    for (let i = 0; i < reps; i++) {
      toJson.push(await timeClick(page, 'ndv-output-mode-json', '[data-testid="ndv-output"] [data-testid="json-line"]'));
      toTable.push(await timeClick(page, 'ndv-output-mode-table', '[data-testid="ndv-output"] [data-testid="data-table-row"]'));
    }
    await page.getByTestId('ndv-output').getByTestId('page-size').selectOption('0');
    await page.waitForTimeout(500);
    const tableScroll = await scrollToEnd(page, '[data-testid="ndv-output"] [data-testid="data-table"]');
    // A second pass from the top: what is left once the first one's one-time work (layout of the
    // new page, garbage of the page-size switch) is done.
    await page.locator('[data-testid="ndv-output"] [data-testid="data-table"]').evaluate((el) => (el.scrollTop = 0));
    await page.waitForTimeout(500);
    const tableScroll2 = await scrollToEnd(page, '[data-testid="ndv-output"] [data-testid="data-table"]');
    // The highest row number in the page (rows sit in slots, not in index order).
    const lastRow = await page.evaluate(() => Math.max(...[...document.querySelectorAll('[data-testid="ndv-output"] [data-testid="data-table-row"] .dt-index')].map((e) => Number(e.textContent))));
    await page.getByTestId('ndv-output').getByTestId('ndv-output-mode-json').click();
    // The JSON line index is built in slices after the first paint: wait for it before scrolling.
    await page.waitForFunction(() => !document.querySelector('[data-testid="ndv-output"] .run-hint'), undefined, { timeout: 60_000 });
    const jsonScroll = await scrollToEnd(page, '[data-testid="ndv-output"] [data-testid="json-view"]');
    await closeNdv(page);
    await page.close();

    const r = (xs: number[]) => ({ median: median(xs), max: Math.round(Math.max(...xs) * 10) / 10, runs: xs.map((x) => Math.round(x * 10) / 10) });
    return {
      loadavg: load,
      items: { big: BIG, medium: MEDIUM, fields: FIELDS, bigJsonMB: Math.round((size / 1024 / 1024) * 10) / 10, runSeconds },
      openNdv100k: { ...r(openBig), targetMs: 300 },
      openNdv5k: { ...r(openMedium), targetMs: 150 },
      switchToJson: r(toJson),
      switchToTable: r(toTable),
      scrollTableAll: { ms: Math.round(tableScroll.ms), longTasksOver50ms: tableScroll.longTasks.length, longestTaskMs: Math.max(0, ...tableScroll.longTasks), maxDomRows: tableScroll.maxRows, reachedEnd: tableScroll.reachedEnd, lastRowNumber: lastRow },
      scrollTableAllAgain: { ms: Math.round(tableScroll2.ms), longTasksOver50ms: tableScroll2.longTasks.length, longestTaskMs: Math.max(0, ...tableScroll2.longTasks), maxDomRows: tableScroll2.maxRows, reachedEnd: tableScroll2.reachedEnd },
      scrollJsonAll: { ms: Math.round(jsonScroll.ms), longTasksOver50ms: jsonScroll.longTasks.length, longestTaskMs: Math.max(0, ...jsonScroll.longTasks), maxDomRows: jsonScroll.maxRows, reachedEnd: jsonScroll.reachedEnd },
    };
  } finally {
    await session.stop();
  }
}
