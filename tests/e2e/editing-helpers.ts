// Shared steps of the editing specs (tests/e2e/editing-*.spec.ts): workflows created through
// the REST API, opened in the editor, nodes found through the canvas's DOM mirror, the store
// read through window.__switchyard.
import { expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import type { IWorkflowBase, INode, IConnections } from '../../src/model/workflow.ts';

export const SHOTS = 'test-results/editing';
mkdirSync(SHOTS, { recursive: true });

export function baseUrl(): string {
  const url = process.env.SWITCHYARD_E2E_URL;
  if (!url) throw new Error('SWITCHYARD_E2E_URL is not set: run through playwright.config.ts (globalSetup starts the server)');
  return url.endsWith('/') ? url : `${url}/`;
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

export function node(page: Page, name: string): Locator {
  return page.locator(`[data-testid="canvas-node"][data-node-name="${name}"]`);
}

export function toast(page: Page, title: string | RegExp): Locator {
  return page.getByTestId('toast').filter({ hasText: title });
}

export function n(name: string, type: string, position: [number, number], parameters: INode['parameters'] = {}, typeVersion = 1): INode {
  return { id: crypto.randomUUID(), name, type, typeVersion, position, parameters };
}

export const TYPES = {
  trigger: 'n8n-nodes-base.manualTrigger',
  set: 'n8n-nodes-base.set',
  noOp: 'n8n-nodes-base.noOp',
  if: 'n8n-nodes-base.if',
};

/** Source → target pairs by name (main, output 0 → input 0 unless given). */
export function links(pairs: Array<[string, string, number?]>): IConnections {
  const c: IConnections = {};
  for (const [from, to, output = 0] of pairs) {
    const outputs = ((c[from] ??= { main: [] }).main ??= []);
    while (outputs.length <= output) outputs.push([]);
    outputs[output]!.push({ node: to, type: 'main', index: 0 });
  }
  return c;
}

/** Trigger → A → B → C, with B reading A in an expression. */
export function chainWorkflow(name: string): Pick<IWorkflowBase, 'name' | 'nodes' | 'connections'> {
  return {
    name,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      n('A', TYPES.noOp, [460, 300]),
      n('B', TYPES.set, [680, 300], { assignments: { assignments: [{ id: '1', name: 'x', value: "={{ $('A').item.json.x }}", type: 'string' }] }, options: {} }, 3.4),
      n('C', TYPES.noOp, [900, 300]),
    ],
    connections: links([
      ['Trigger', 'A'],
      ['A', 'B'],
      ['B', 'C'],
    ]),
  };
}

/** Creates the workflow through the REST API and opens it in the editor; returns its id. */
export async function openNew(page: Page, wf: Pick<IWorkflowBase, 'name' | 'nodes' | 'connections'> & Partial<IWorkflowBase>): Promise<string> {
  const res = await page.request.post(`${baseUrl()}rest/workflows`, { data: { settings: { executionOrder: 'v1' }, ...wf } });
  expect(res.status(), await res.text()).toBe(200);
  const id = (await res.json()).data.id as string;
  await page.goto(`${baseUrl()}workflow/${id}`);
  await waitForCanvas(page);
  await expect.poll(() => page.evaluate(() => (window as unknown as SwitchyardWindow).__switchyard.workflow.nodes.size)).toBe(wf.nodes.length);
  // The view zooms to fit once the canvas is there: wait until the nodes stop moving.
  const first = page.locator('[data-testid="canvas-node"]').first();
  let last = '';
  await expect
    .poll(async () => {
      await canvasIdle(page);
      const b = JSON.stringify(await first.boundingBox());
      const still = b === last;
      last = b;
      return still;
    })
    .toBe(true);
  return id;
}

export async function waitForCanvas(page: Page): Promise<void> {
  await page.waitForFunction(() => !!(window as unknown as { __switchyardCanvas?: unknown }).__switchyardCanvas);
}

export interface StoreNode {
  id: string;
  name: string;
  x: number;
  y: number;
  disabled: boolean;
  parameters: Record<string, unknown>;
  status: string;
}

interface SwitchyardWindow {
  __switchyard: {
    workflow: {
      nodes: Map<string, StoreNode>;
      connections: Map<string, { sourceId: string; targetId: string; sourceOutput: number; targetInput: number }>;
      selection: Set<string>;
      dirty: boolean;
      executionId?: string;
      history: { canUndo: boolean; canRedo: boolean };
    };
  };
}

export async function storeState(page: Page) {
  return page.evaluate(() => {
    const w = (window as unknown as SwitchyardWindow).__switchyard.workflow;
    const nameOf = (id: string) => w.nodes.get(id)?.name ?? id;
    return {
      nodes: [...w.nodes.values()].map((m) => ({ id: m.id, name: m.name, x: m.x, y: m.y, disabled: m.disabled, parameters: JSON.parse(JSON.stringify(m.parameters)) as Record<string, unknown>, status: m.status })),
      edges: [...w.connections.values()].map((c) => `${nameOf(c.sourceId)}>${nameOf(c.targetId)}`).sort(),
      selection: [...w.selection].map(nameOf).sort(),
      dirty: w.dirty,
      canUndo: w.history.canUndo,
      canRedo: w.history.canRedo,
      executionId: w.executionId,
    };
  });
}

export async function names(page: Page): Promise<string[]> {
  return (await storeState(page)).nodes.map((x) => x.name).sort();
}

/** Clicks a node through its mirror element (shift adds to the selection). */
export async function clickNode(page: Page, name: string, modifiers: Array<'Shift' | 'Control'> = []): Promise<void> {
  const b = await node(page, name).boundingBox();
  if (!b) throw new Error(`node ${name} is not on screen`);
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  for (const m of modifiers) await page.keyboard.down(m);
  await page.mouse.down();
  await page.mouse.up();
  for (const m of modifiers) await page.keyboard.up(m);
}

/** Clicks an empty spot of the canvas (top left, under the header, away from nodes and controls). */
export async function clickEmpty(page: Page): Promise<void> {
  const host = await page.getByTestId('canvas-host').boundingBox();
  await page.mouse.click(host!.x + 40, host!.y + 40);
}

/** A real pointer drag with intermediate moves. */
export async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 12, from.y + ((to.y - from.y) * i) / 12);
  await page.mouse.up();
}

export async function canvasIdle(page: Page): Promise<void> {
  // After a route change the new view's canvas may not be up yet (the old one's handle is gone).
  await waitForCanvas(page);
  await page.evaluate(() => (window as unknown as { __switchyardCanvas: { whenIdle(): Promise<void> } }).__switchyardCanvas.whenIdle());
}

// The node details view, as the NDV specs open, close and fill it.

/**
 * Opens a node's details view by double-clicking the node, as a user does, once the node stands
 * still: after a reload the view still fits itself to the nodes, and a double-click aimed at
 * where the node was can land on the empty canvas.
 */
export async function openNdv(page: Page, name: string): Promise<void> {
  // On a loaded machine the view can still move after two equal looks, and the double-click
  // lands beside the node: then it is aimed again, as a user would.
  for (let attempt = 1; ; attempt++) {
    let last = '';
    await expect
      .poll(async () => {
        const box = JSON.stringify(await node(page, name).boundingBox());
        const still = box !== 'null' && box === last;
        last = box;
        return still;
      })
      .toBe(true);
    const b = JSON.parse(last) as { x: number; y: number; width: number; height: number };
    await page.mouse.dblclick(b.x + b.width / 2, b.y + b.height / 2);
    if (attempt === 3) break;
    try {
      await expect(page.getByTestId('ndv')).toBeVisible({ timeout: 5000 });
      return;
    } catch {
      /* aim again */
    }
  }
  await expect(page.getByTestId('ndv')).toBeVisible();
}

/** Closes the details view with its close button. */
export async function closeNdv(page: Page): Promise<void> {
  await page.getByTestId('ndv-close').click();
  await expect(page.getByTestId('ndv')).toBeHidden();
}

/** Executes the whole workflow and waits for its success toast. */
export async function runAll(page: Page): Promise<void> {
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully').last()).toBeVisible();
}

/** A Code node (v2) running `js`. */
export function codeNode(name: string, js: string, position: [number, number]): INode {
  return n(name, 'n8n-nodes-base.code', position, { jsCode: js }, 2);
}

/** Manual Trigger → Set (greeting = 'hello') → After (NoOp). */
export function triggerSetAfter(name: string): Pick<IWorkflowBase, 'name' | 'nodes' | 'connections'> {
  return {
    name,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      n('Set', TYPES.set, [460, 300], { assignments: { assignments: [{ id: '1', name: 'greeting', value: 'hello', type: 'string' }] }, options: {} }, 3.4),
      n('After', TYPES.noOp, [680, 300]),
    ],
    connections: links([
      ['Trigger', 'Set'],
      ['Set', 'After'],
    ]),
  };
}
