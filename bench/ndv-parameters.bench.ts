// Remote options and the workflow picker in the NDV (issue 11 "Parameters"), in the real editor
// against the real server (bench/editorSession.ts). What a user waits for:
//  - open: the NDV of a Switch with 50 rules opened → its Fallback Output options loaded and
//    painted (all 50 rules are past the 6000-character URL limit, so the editor uses n8n's POST
//    /rest/dynamic-node-parameters/options; includes the 30 ms first-load wait);
//    The same open until the select is painted (any state) is reported beside it: the panel
//    rendering 50 rules is most of it;
//  - reload: a rule's output name changed → the new option painted (includes the 500 ms
//    debounce, which is reported separately);
//  - list: Execute Workflow's 'From list' opened with 500 workflows stored → the first page
//    (100) painted; search: a name typed → the one match painted (includes the 300 ms debounce);
//  - server: the options call and the list search alone, from Node, without the browser.
// Long tasks (> 50 ms) on the main thread are recorded for each browser measure.
import type { Page } from 'playwright-core';
import { MANUAL_TRIGGER, median, startEditorSession, switchRule as rule } from './editorSession.ts';

type Measure = { ms: number; longTasks: number[] };
const W = `window.__switchyard`;

async function measure(page: Page, act: string, done: string): Promise<Measure> {
  await page.waitForTimeout(200);
  const ms = await page.evaluate(
    async ({ act, done }) => {
      window.__longTasks.length = 0;
      const t0 = performance.now();
      (0, eval)(act);
      await new Promise<void>((resolve, reject) => {
        const until = t0 + 20_000;
        const check = () => ((0, eval)(done) ? resolve() : performance.now() > until ? reject(new Error(`not done: ${done}`)) : requestAnimationFrame(check));
        check();
      });
      await new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - t0;
    },
    { act, done },
  );
  await page.waitForTimeout(200);
  const longTasks = await page.evaluate(() => window.__longTasks.map((d) => Math.round(d)));
  return { ms: Math.round(ms), longTasks };
}

const summary = (m: Measure[], minus = 0) => ({
  msMedian: median(m.map((x) => x.ms)),
  ...(minus ? { msMedianWithoutDebounce: median(m.map((x) => x.ms - minus)) } : {}),
  ms: m.map((x) => x.ms),
  longTasksOver50: m.map((x) => x.longTasks.length),
  longestTaskMs: Math.max(0, ...m.flatMap((x) => x.longTasks)),
});

export async function runNdvParametersBench({ quick }: { quick: boolean }) {
  const runs = quick ? 3 : 7;
  const session = await startEditorSession();
  try {
    const RULES = 50;
    const WORKFLOWS = quick ? 150 : 500;
    for (let i = 0; i < WORKFLOWS; i++) {
      await session.rest('POST', 'workflows', { name: `Sub-flow ${String(i).padStart(4, '0')}`, nodes: [], connections: {}, settings: {} });
    }
    const wfId = await session.createWorkflow({
      name: 'Parameters bench',
      nodes: [
        MANUAL_TRIGGER,
        { id: 's', name: 'Switch', type: 'n8n-nodes-base.switch', typeVersion: 3.2, position: [460, 300], parameters: { mode: 'rules', rules: { values: Array.from({ length: RULES }, (_, i) => rule(i)) }, options: { fallbackOutput: 'none' } } },
        { id: 's3', name: 'Switch 3', type: 'n8n-nodes-base.switch', typeVersion: 3.2, position: [680, 300], parameters: { mode: 'rules', rules: { values: Array.from({ length: 3 }, (_, i) => rule(i)) }, options: { fallbackOutput: 'none' } } },
        { id: 'e', name: 'Execute Workflow', type: 'n8n-nodes-base.executeWorkflow', typeVersion: 1.3, position: [460, 500], parameters: { source: 'database', workflowId: '' } },
      ],
      connections: { Trigger: { main: [[{ node: 'Switch', type: 'main', index: 0 }, { node: 'Execute Workflow', type: 'main', index: 0 }]] } },
    });
    const page = await session.newPage();
    await session.openWorkflow(page, wfId, 4);

    const SELECT = `document.querySelector('[data-testid="parameter-input-options.fallbackOutput"]')`;
    const open: Measure[] = [];
    const openPanel: Measure[] = [];
    const reload: Measure[] = [];
    for (let r = 0; r < runs; r++) {
      // The panel with its 50 rules alone (the select painted, in whatever state).
      openPanel.push(await measure(page, `${W}.ui.openNdv('s')`, `!!${SELECT}`));
      await page.evaluate(`${W}.ui.closeNdv(true)`);
      open.push(await measure(page, `${W}.ui.openNdv('s')`, `${SELECT}?.getAttribute('data-options-state') === 'loaded' && ${SELECT}.options.length === ${RULES + 2}`));
      const key = `Renamed ${r}`;
      reload.push(
        await measure(
          page,
          `{ const n = ${W}.workflow.nodeByName('Switch'); const p = JSON.parse(JSON.stringify(n.parameters)); p.rules.values[0].outputKey = ${JSON.stringify(key)}; ${W}.workflow.setParameters('s', p); }`,
          `${SELECT}?.getAttribute('data-options-state') === 'loaded' && [...${SELECT}.options].some((o) => o.text === 'Output ${key}')`,
        ),
      );
      await page.evaluate(`${W}.ui.closeNdv(true)`);
    }

    // A Switch with 3 rules: the options call is the same, the panel much lighter (GET form).
    const openSmall: Measure[] = [];
    for (let r = 0; r < runs; r++) {
      openSmall.push(await measure(page, `${W}.ui.openNdv('s3')`, `${SELECT}?.getAttribute('data-options-state') === 'loaded' && ${SELECT}.options.length === 5`));
      await page.evaluate(`${W}.ui.closeNdv(true)`);
    }

    const TOGGLE = `[data-testid="rl-list-toggle-workflowId"]`;
    const list: Measure[] = [];
    const search: Measure[] = [];
    for (let r = 0; r < runs; r++) {
      await page.evaluate(`${W}.ui.openNdv('e')`);
      await page.waitForSelector(TOGGLE);
      list.push(await measure(page, `document.querySelector('${TOGGLE}').click()`, `document.querySelectorAll('[data-testid="rl-dropdown-workflowId"] [role="option"]').length === 100`));
      const name = `Sub-flow ${String((r * 37) % WORKFLOWS).padStart(4, '0')}`;
      search.push(
        await measure(
          page,
          `{ const i = document.querySelector('[data-testid="rl-search-workflowId"]'); const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set; set.call(i, ${JSON.stringify(name)}); i.dispatchEvent(new Event('input', { bubbles: true })); }`,
          `(() => { const o = document.querySelectorAll('[data-testid="rl-dropdown-workflowId"] [role="option"]'); return o.length === 1 && o[0].textContent === ${JSON.stringify(name)}; })()`,
        ),
      );
      await page.evaluate(`${W}.ui.closeNdv(true)`);
    }

    // The server alone.
    const params = (await page.evaluate(`JSON.parse(JSON.stringify(${W}.workflow.nodeByName('Switch').parameters))`)) as Record<string, unknown>;
    const q = new URLSearchParams({
      nodeTypeAndVersion: JSON.stringify({ name: 'n8n-nodes-base.switch', version: 3.2 }),
      path: 'options.fallbackOutput',
      methodName: 'getFallbackOutputOptions',
      currentNodeParameters: JSON.stringify(params),
    });
    const serverOptions: number[] = [];
    const serverSearch: number[] = [];
    for (let i = 0; i < (quick ? 20 : 100); i++) {
      let t0 = performance.now();
      // Past 6000 characters the editor sends n8n's POST form (a GET of this size is a 431).
      await session.rest('POST', 'dynamic-node-parameters/options', { nodeTypeAndVersion: { name: 'n8n-nodes-base.switch', version: 3.2 }, path: 'options.fallbackOutput', methodName: 'getFallbackOutputOptions', currentNodeParameters: params });
      serverOptions.push(performance.now() - t0);
      t0 = performance.now();
      await session.rest('POST', 'dynamic-node-parameters/resource-locator-results', {
        nodeTypeAndVersion: { name: 'n8n-nodes-base.executeWorkflow', version: 1.3 },
        path: 'workflowId',
        methodName: 'searchWorkflows',
        currentNodeParameters: {},
        filter: `flow ${String(i % WORKFLOWS).padStart(4, '0')}`,
      });
      serverSearch.push(performance.now() - t0);
    }

    return {
      data: { switchRules: RULES, workflows: WORKFLOWS, queryChars: q.toString().length, runs },
      openToOptions: summary(open),
      openToPanelOnly: summary(openPanel),
      openToOptions3Rules: summary(openSmall),
      reloadAfterRuleRename: summary(reload, 500),
      listFirstPage: summary(list),
      listSearch: summary(search, 300),
      serverOnly: { optionsMsMedian: median(serverOptions), listSearchMsMedian: median(serverSearch), requests: serverOptions.length },
    };
  } finally {
    await session.stop();
  }
}
