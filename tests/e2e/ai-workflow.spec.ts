// A real AI workflow from the public corpus (tests/fixtures/real-workflows, CC BY 4.0), pasted
// into a new, unsaved workflow: seven connection types (main and six ai_* sub-node types), nodes
// of types Switchyard does not have (n8n's @n8n/n8n-nodes-langchain AI nodes, Telegram) and two
// nodes set to 'continueErrorOutput'. Every connection of the file must be in the store and on
// the WebGL canvas; an unknown node is selectable and opens the node details view with the
// missing-type warning and its fields; a sub-node connection is selected, deleted and undone;
// an error output connection is drawn and a new one is made by dragging; then the workflow saves
// (or, before the server keeps unknown types, fails with that known error).
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { baseUrl, canvasIdle, clickEmpty, clickNode, drag, node, shot, toast, waitForCanvas } from './editing-helpers.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'real-workflows', 'Telegram chat with PDF.json');
const file = JSON.parse(readFileSync(FIXTURE, 'utf8')) as {
  nodes: Array<{ name: string; type: string; position: [number, number] }>;
  connections: Record<string, Record<string, Array<Array<{ node: string; type: string; index: number }> | null>>>;
};

/** Every connection as 'source|type|output>target|input'. */
function connectionKeys(connections: typeof file.connections): string[] {
  const keys: string[] = [];
  for (const [source, byType] of Object.entries(connections)) {
    for (const [type, outputs] of Object.entries(byType)) {
      outputs.forEach((list, output) => {
        for (const c of list ?? []) keys.push(`${source}|${type}|${output}>${c.node}|${c.index}`);
      });
    }
  }
  return keys.sort();
}

const expected = connectionKeys(file.connections);
const typeCounts: Record<string, number> = {};
for (const k of expected) {
  const type = k.split('|')[1];
  typeCounts[type] = (typeCounts[type] ?? 0) + 1;
}

interface Win {
  __switchyard: {
    workflow: {
      connectionsJSON(): typeof file.connections;
      nodeByName(name: string): { id: string; x: number; y: number } | undefined;
      selectedConnections: Set<string>;
      connections: Map<string, { type: string }>;
      workflowId: string;
      history: { canUndo: boolean };
    };
  };
  __switchyardCanvas: {
    getRendererType(): string;
    getStats(): { displayedEdges: number; displayedEdgesByType: Record<string, number> };
    worldToScreen(x: number, y: number): [number, number];
    zoomToFit(): void;
    focusNode(id: string, options?: { animate?: boolean }): void;
    whenIdle(): Promise<void>;
  };
}

const storeConnections = (page: Page) => page.evaluate(() => (window as unknown as Win).__switchyard.workflow.connectionsJSON());

async function stats(page: Page) {
  await canvasIdle(page);
  return page.evaluate(() => (window as unknown as Win).__switchyardCanvas.getStats());
}

/** Screen position (page coordinates) of a world point. */
async function screenOf(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const host = (await page.getByTestId('canvas-host').boundingBox())!;
  const [sx, sy] = await page.evaluate(([wx, wy]) => (window as unknown as Win).__switchyardCanvas.worldToScreen(wx, wy), [x, y] as const);
  return { x: host.x + sx, y: host.y + sy };
}

async function nodePos(page: Page, name: string): Promise<{ x: number; y: number }> {
  const p = await page.evaluate((n) => {
    const m = (window as unknown as Win).__switchyard.workflow.nodeByName(n);
    return m ? { x: m.x, y: m.y } : undefined;
  }, name);
  if (!p) throw new Error(`no node ${name}`);
  return p;
}

test('a pasted AI workflow: every connection type drawn, unknown nodes first-class, error outputs', async ({ page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto(`${baseUrl()}workflow`);
  await waitForCanvas(page);
  expect(await page.evaluate(() => (window as unknown as Win).__switchyardCanvas.getRendererType())).toBe('webgl');

  // Paste the file as it is (a new workflow: nothing to collide with, nothing left on the server).
  await clickEmpty(page);
  await page.evaluate((t) => navigator.clipboard.writeText(t), readFileSync(FIXTURE, 'utf8'));
  await page.keyboard.press('Control+v');
  await expect(node(page, 'Question and Answer Chain')).toHaveCount(1);
  await expect.poll(async () => connectionKeys(await storeConnections(page))).toEqual(expected);
  expect(expected).toHaveLength(17);
  expect(Object.keys(typeCounts).sort()).toEqual(['ai_document', 'ai_embedding', 'ai_languageModel', 'ai_retriever', 'ai_textSplitter', 'ai_vectorStore', 'main']);

  // Every connection drawn: zoomed to fit, all are in the canvas's displayed set, by type.
  await page.evaluate(() => (window as unknown as Win).__switchyardCanvas.zoomToFit());
  await expect.poll(async () => (await stats(page)).displayedEdgesByType).toEqual(typeCounts);
  await expect(page.getByRole('option', { name: /Question and Answer Chain, .*unknown node type/ })).toHaveCount(1);
  // Pasting names the types this instance does not have; close that to see the canvas.
  await expect(toast(page, /Unknown node type/)).toContainText('@n8n/n8n-nodes-langchain.chainRetrievalQa');
  await page.getByTestId('toast').getByRole('button', { name: 'Close notification' }).first().click();
  await clickEmpty(page);
  await shot(page, 'ai-01-workflow');

  // An unknown node: selected like any node, and its details show the missing-type warning.
  const qa = await page.evaluate(() => (window as unknown as Win).__switchyard.workflow.nodeByName('Question and Answer Chain')!.id);
  await page.evaluate((id) => (window as unknown as Win).__switchyardCanvas.focusNode(id, { animate: false }), qa);
  await canvasIdle(page);
  await expect(node(page, 'Question and Answer Chain')).toHaveAttribute('aria-selected', 'true');
  await clickEmpty(page);
  await clickNode(page, 'Question and Answer Chain');
  await expect(node(page, 'Question and Answer Chain')).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'ai-02-unknown-selected');
  await page.keyboard.press('Enter');
  const ndv = page.getByTestId('ndv');
  await expect(ndv.getByTestId('ndv-unknown')).toContainText('Install this node to use it');
  await expect(ndv.getByTestId('ndv-unknown')).toContainText('either from a newer version of n8n, a custom node, or has an invalid structure');
  await expect(ndv.getByTestId('ndv-install-community-node')).toHaveCount(0); // @n8n/n8n-nodes-langchain is n8n's own
  await expect(ndv.getByTestId('ndv-unknown-parameters')).toContainText('"promptType": "define"');
  await expect(ndv.getByTestId('ndv-unknown-fields')).toContainText('@n8n/n8n-nodes-langchain.chainRetrievalQa');
  await expect(ndv.getByTestId('ndv-issues')).toContainText(/not known|not installed/i);
  await page.waitForTimeout(400); // the view fades in
  await shot(page, 'ai-03-unknown-ndv');
  await page.getByTestId('ndv-close').click();
  await expect(ndv).toHaveCount(0);

  // A sub-node connection (Embeddings → Pinecone Vector Store1, ai_embedding): selected by a click
  // on its dashed curve, deleted with Delete, back with undo. Both are round sub-nodes (100 × 100):
  // the curve runs from the top of Embeddings to the bottom of the vector store, and its middle
  // is the middle of those two ports.
  const pinecone = await page.evaluate(() => (window as unknown as Win).__switchyard.workflow.nodeByName('Pinecone Vector Store1')!.id);
  await page.evaluate((id) => (window as unknown as Win).__switchyardCanvas.focusNode(id, { animate: false }), pinecone);
  await canvasIdle(page);
  const emb = await nodePos(page, 'Embeddings');
  const store = await nodePos(page, 'Pinecone Vector Store1');
  const mid = await screenOf(page, (emb.x + 50 + store.x + 50) / 2, (emb.y + store.y + 100) / 2);
  await page.mouse.move(mid.x - 30, mid.y - 30);
  await page.mouse.move(mid.x, mid.y);
  const embeddingsDrawn = (await stats(page)).displayedEdgesByType.ai_embedding;
  await page.mouse.down();
  await page.mouse.up();
  const selected = await page.evaluate(() => [...(window as unknown as Win).__switchyard.workflow.selectedConnections]);
  expect(selected).toHaveLength(1);
  expect(selected[0]).toMatch(/:ai_embedding$/);
  await shot(page, 'ai-04-sub-connection-selected');
  await page.keyboard.press('Delete');
  await expect.poll(async () => connectionKeys(await storeConnections(page))).toEqual(expected.filter((k) => k !== 'Embeddings|ai_embedding|0>Pinecone Vector Store1|0'));
  await expect.poll(async () => (await stats(page)).displayedEdgesByType.ai_embedding ?? 0).toBe(embeddingsDrawn - 1);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => connectionKeys(await storeConnections(page))).toEqual(expected);
  await expect.poll(async () => (await stats(page)).displayedEdgesByType.ai_embedding).toBe(embeddingsDrawn);

  // The same connection through its hover button (a sub-node connection has only delete), then undo.
  await page.mouse.move(mid.x - 30, mid.y - 30);
  await page.mouse.move(mid.x, mid.y);
  await page.waitForTimeout(100);
  await page.mouse.move(mid.x + 15, mid.y); // the delete button, 15 px right of the middle
  await page.mouse.down();
  await page.mouse.up();
  await expect.poll(async () => connectionKeys(await storeConnections(page)).length).toBe(16);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => connectionKeys(await storeConnections(page))).toEqual(expected);

  // The error outputs: 'Telegram Response' (unknown type, continueErrorOutput) has its error
  // output connected to 'Stop and Error'. Set the known IF node to continue on its error output
  // too (Settings tab), then drag a connection from that new third output.
  const ifId = await page.evaluate(() => (window as unknown as Win).__switchyard.workflow.nodeByName('Check If is a document')!.id);
  await page.evaluate((id) => (window as unknown as Win).__switchyardCanvas.focusNode(id, { animate: false }), ifId);
  await canvasIdle(page);
  await page.keyboard.press('Enter');
  await page.getByTestId('ndv-tab-settings').click();
  await page.getByTestId('setting-onError').selectOption('continueErrorOutput');
  await page.getByTestId('ndv-close').click();
  const ifPos = await nodePos(page, 'Check If is a document');
  const target = await nodePos(page, 'Telegram get File');
  // IF: true, false and the error output, spread over its 100-high side.
  const from = await screenOf(page, ifPos.x + 100, ifPos.y + 75);
  const to = await screenOf(page, target.x, target.y + 50);
  await drag(page, from, to);
  await expect.poll(async () => connectionKeys(await storeConnections(page))).toContain('Check If is a document|main|2>Telegram get File|0');
  await page.evaluate(() => (window as unknown as Win).__switchyardCanvas.zoomToFit());
  await expect.poll(async () => (await stats(page)).displayedEdgesByType).toEqual({ ...typeCounts, main: typeCounts.main + 1 });
  const response = await page.evaluate(() => (window as unknown as Win).__switchyard.workflow.nodeByName('Telegram Response')!.id);
  await page.evaluate((id) => (window as unknown as Win).__switchyardCanvas.focusNode(id, { animate: false }), response);
  await canvasIdle(page);
  await shot(page, 'ai-05-error-output-unknown');
  await page.evaluate((id) => (window as unknown as Win).__switchyardCanvas.focusNode(id, { animate: false }), ifId);
  await canvasIdle(page);
  await shot(page, 'ai-06-error-output-if');

  // A community node type gets the community variant, linking to Settings → Community nodes.
  await clickEmpty(page);
  await page.waitForTimeout(1100); // pastes within 1000 ms of the last one are dropped (spec 001 §9)
  await page.evaluate((t) => navigator.clipboard.writeText(t), JSON.stringify({ nodes: [{ id: 'c1', name: 'Acme Widget', type: 'n8n-nodes-acme.widget', typeVersion: 2, position: [0, 1400], parameters: { size: 3 } }], connections: {} }));
  await page.keyboard.press('Control+v');
  await expect.poll(() => page.evaluate(() => !!(window as unknown as Win).__switchyard.workflow.nodeByName('Acme Widget'))).toBe(true);
  const acme = await page.evaluate(() => (window as unknown as Win).__switchyard.workflow.nodeByName('Acme Widget')!.id);
  await page.evaluate((id) => (window as unknown as Win).__switchyardCanvas.focusNode(id, { animate: false }), acme);
  await canvasIdle(page);
  await page.keyboard.press('Enter');
  await expect(ndv.getByTestId('ndv-unknown')).toContainText('It is part of the n8n-nodes-acme community package');
  await expect(ndv.getByTestId('ndv-install-community-node')).toHaveAttribute('href', /settings\/community-nodes$/);
  await page.waitForTimeout(400); // the view fades in
  await shot(page, 'ai-07-community-ndv');
  await page.getByTestId('ndv-close').click();

  // Save. With the server keeping unknown node types (issue 10) the workflow saves and comes
  // back with every connection; before that, the server's refusal is the known one.
  await page.getByTestId('save-button').click();
  const saved = page.waitForURL(/\/workflow\/[^/]+$/, { timeout: 20_000 }).then(() => 'saved' as const, () => 'not saved' as const);
  const refused = toast(page, 'Problem saving workflow').waitFor({ timeout: 20_000 }).then(() => 'refused' as const, () => 'no toast' as const);
  const outcome = await Promise.race([saved, refused]);
  if (outcome === 'refused') {
    await expect(toast(page, 'Problem saving workflow')).toContainText(/Unknown node type/);
    test.info().annotations.push({ type: 'note', description: 'The server still refuses unknown node types (issue 10, server part not landed): save checked for the known error only.' });
  } else {
    expect(outcome).toBe('saved');
    const id = await page.evaluate(() => (window as unknown as Win).__switchyard.workflow.workflowId);
    try {
      const res = await page.request.get(`${baseUrl()}rest/workflows/${id}`);
      expect(res.status()).toBe(200);
      const stored = (await res.json()).data as { connections: typeof file.connections };
      expect(connectionKeys(stored.connections)).toEqual([...expected, 'Check If is a document|main|2>Telegram get File|0'].sort());
    } finally {
      await page.request.delete(`${baseUrl()}rest/workflows/${id}`);
    }
  }
  expect(errors).toEqual([]);
});
