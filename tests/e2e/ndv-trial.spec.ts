// Findings of the node details view's new-user trial (issue 11), against the real server:
// Switch's output panel has a tab per route (its rules' names and the fallback) and no pin
// button; opening any node (every built-in type, IF and Switch with conditions) changes
// nothing; Merge's output with some binary items; a pinned node's item count on the canvas;
// nested objects in table cells.
import { expect, test, type Page } from '@playwright/test';
import type { INodeTypeDescription } from '../../src/model/nodeTypes.ts';
import { resolveNodeParameters } from '../../src/model/parameters.ts';
import { TYPES, baseUrl, closeNdv, codeNode as code, links, n, node, openNdv, openNew, runAll, shot, storeState, toast } from './editing-helpers.ts';

type Win = { __switchyard: { workflow: { dirty: boolean; activeNodeId?: string; nodeByName(name: string): { id: string } | undefined }; ui: { openNdv(id: string): void; closeNdv(force?: boolean): void } } };


/** A Switch v3.2 rule as n8n stores it (no filter options: a workflow written by hand or an older n8n). */
function rule(event: string, outputKey?: string) {
  return {
    conditions: { conditions: [{ id: crypto.randomUUID(), leftValue: '={{ $json.event }}', rightValue: event, operator: { type: 'string', operation: 'equals' } }], combinator: 'and' },
    ...(outputKey ? { renameOutput: true, outputKey } : {}),
  };
}

test.describe('node details view trial findings', () => {
  test.setTimeout(180_000);

  test('Switch: a tab per route with its name and count, no pin button', async ({ page }) => {
    await openNew(page, {
      name: `Switch tabs ${Date.now()}`,
      nodes: [
        n('Trigger', TYPES.trigger, [240, 300]),
        code('Events', `return Array.from({ length: 31 }, (_, i) => ({ json: { i, event: i === 30 ? 'other' : i % 2 ? 'b' : 'a' } }));`, [460, 300]),
        n('Route Event', 'n8n-nodes-base.switch', [680, 300], { rules: { values: [rule('a', 'ONIMBOTMESSAGEADD'), rule('b', 'JOIN'), rule('c')] }, options: { fallbackOutput: 'extra' } }, 3.2),
      ],
      connections: links([
        ['Trigger', 'Events'],
        ['Events', 'Route Event'],
      ]),
    });
    await runAll(page);
    await openNdv(page, 'Route Event');
    const out = page.getByTestId('ndv-output');
    await expect(out.getByRole('tab')).toHaveText(['ONIMBOTMESSAGEADD (15 items)', 'JOIN (15 items)', '2 (0 items)', 'Fallback (1 item)']);
    await expect(out.getByTestId('ndv-output-run-info')).toContainText('15 items');
    // Opening it changed nothing: no 'Node parameters have changed' after the filters resolve.
    await page.waitForTimeout(600);
    await expect(out.getByTestId('ndv-output-stale')).toHaveCount(0);
    await out.getByTestId('ndv-output-branch-3').click();
    await expect(out.getByTestId('ndv-output-run-info')).toContainText('1 item');
    await expect(out.getByTestId('data-table')).toContainText('other');
    await out.getByTestId('ndv-output-branch-2').click();
    await expect(out.getByText('No output data in this branch')).toBeVisible();
    // Several outputs: nothing to pin (README: only one-output nodes can be pinned).
    await expect(page.getByTestId('ndv-pin-data')).toHaveCount(0);
    await expect(page.getByTestId('ndv-edit-output')).toHaveCount(0);
    await out.getByTestId('ndv-output-branch-3').click();
    await shot(page, 'trial-01-switch-branch-tabs');
    expect((await storeState(page)).dirty).toBe(false);
    await closeNdv(page);
  });

  test('opening a node changes nothing: IF and Switch with conditions, and every built-in type', async ({ page }) => {
    const res = await page.request.get(`${baseUrl()}rest/node-types`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data?: INodeTypeDescription[] } | INodeTypeDescription[];
    const all = Array.isArray(body) ? body : body.data!;
    // Each type at its newest version, with the parameters the node creator gives a new node.
    const newest = new Map<string, { d: INodeTypeDescription; v: number }>();
    for (const d of all) {
      const versions = Array.isArray(d.version) ? d.version : [d.version];
      for (const v of versions) if (!newest.has(d.name) || newest.get(d.name)!.v < v) newest.set(d.name, { d, v });
    }
    expect(newest.size).toBeGreaterThan(30);
    const nodes = [...newest.values()].map(({ d, v }, i) => n(`${d.displayName} ${i}`, d.name, [240 + (i % 8) * 220, 200 + Math.floor(i / 8) * 200], resolveNodeParameters(d.properties, {}, v), v));
    // The trial's IF and Switch: conditions stored without the options the editor would resolve.
    nodes.push(
      n('Check', TYPES.if, [240, 1600], { conditions: { conditions: [{ id: 'c1', leftValue: '={{ $json.a }}', rightValue: 1, operator: { type: 'number', operation: 'equals' } }], combinator: 'and' }, options: {} }, 2),
      n('Route', 'n8n-nodes-base.switch', [460, 1600], { rules: { values: [rule('a', 'A'), rule('b')] }, options: {} }, 3.2),
    );
    await openNew(page, { name: `Open all ${Date.now()}`, nodes, connections: {} });
    const before = (await storeState(page)).nodes;
    expect((await storeState(page)).dirty).toBe(false);
    for (const m of nodes) {
      await page.evaluate((name) => {
        const w = (window as unknown as Win).__switchyard;
        w.ui.openNdv(w.workflow.nodeByName(name)!.id);
      }, m.name);
      await expect(page.getByTestId('ndv')).toBeVisible();
      // Let lazily loaded parts (filter options, code editors, remote options) settle.
      await page.waitForTimeout(m.type === TYPES.if || m.type === 'n8n-nodes-base.switch' || m.type === 'n8n-nodes-base.filter' ? 600 : 150);
      if (m.name === 'Route') await shot(page, 'trial-02-switch-opened-unchanged');
      await closeNdv(page);
      const now = await storeState(page);
      expect(now.nodes.find((x) => x.name === m.name)!.parameters, `opening ${m.name} changed its parameters`).toEqual(before.find((x) => x.name === m.name)!.parameters);
      const undo = await page.evaluate(() => (window as unknown as { __switchyard: { workflow: { history: { undoLabel?: string } } } }).__switchyard.workflow.history.undoLabel);
      expect(now.dirty, `opening ${m.name} (${m.type}) made the workflow dirty (last change: ${undo})`).toBe(false);
    }
    // The user's first edit of a filter stores the options it resolved (n8n's filter value).
    await openNdv(page, 'Check');
    await page.getByTestId('filter-right-0').fill('2');
    await closeNdv(page);
    const edited = (await storeState(page)).nodes.find((x) => x.name === 'Check')!.parameters as { conditions: { options?: Record<string, unknown> } };
    expect(edited.conditions.options).toMatchObject({ caseSensitive: true, typeValidation: 'strict', version: 1 });
    expect((await storeState(page)).dirty).toBe(true);
  });

  test('Merge of items with and without files: the binary view lists the items with files, from page 1', async ({ page }) => {
    const file = Buffer.from('hello file').toString('base64');
    await openNew(page, {
      name: `Merge binary ${Date.now()}`,
      nodes: [
        n('Trigger', TYPES.trigger, [240, 300]),
        code('Plain', `return Array.from({ length: 30 }, (_, i) => ({ json: { greeting: 'hello', i } }));`, [460, 200]),
        code('Files', `return Array.from({ length: 30 }, (_, i) => ({ json: { i }, binary: { data: { data: '${file}', mimeType: 'text/plain', fileName: 'file' + i + '.txt' } } }));`, [460, 400]),
        n('Merge', 'n8n-nodes-base.merge', [680, 300], {}, 3),
      ],
      connections: { ...links([['Trigger', 'Plain']]), Trigger: { main: [[{ node: 'Plain', type: 'main', index: 0 }, { node: 'Files', type: 'main', index: 0 }]] }, Plain: { main: [[{ node: 'Merge', type: 'main', index: 0 }]] }, Files: { main: [[{ node: 'Merge', type: 'main', index: 1 }]] } },
    });
    await runAll(page);
    await openNdv(page, 'Merge');
    const out = page.getByTestId('ndv-output');
    await expect(out.getByTestId('ndv-output-run-info')).toContainText('60 items');
    // Binary is chosen by itself (some items have files) and its first page has cards.
    await expect(out.getByTestId('ndv-output-mode-binary')).toHaveAttribute('aria-pressed', 'true');
    await expect(out.getByTestId('ndv-output-binary-count')).toHaveText('30 of 60 items have binary data; only those are listed here.');
    await expect(out.getByTestId('binary-card')).toHaveCount(10);
    await expect(out.getByTestId('binary-card').first()).toContainText('Item 31');
    await expect(out.getByTestId('binary-card').first()).toContainText('file0.txt');
    await expect(out.getByTestId('pagination')).toContainText('Page 1 of 3');
    await shot(page, 'trial-03-merge-binary-page-1');
    // The table still pages through all 60.
    await out.getByTestId('ndv-output-mode-table').click();
    await expect(out.getByTestId('pagination')).toContainText('Page 1 of 6');
    await closeNdv(page);
  });

  test('a pinned node counts its pinned items on its connection, not an older run', async ({ page }) => {
    await openNew(page, {
      name: `Pinned count ${Date.now()}`,
      nodes: [n('Trigger', TYPES.trigger, [240, 300]), code('Many', `return Array.from({ length: 60 }, (_, i) => ({ json: { i } }));`, [460, 300]), n('After', TYPES.noOp, [680, 300])],
      connections: links([
        ['Trigger', 'Many'],
        ['Many', 'After'],
      ]),
    });
    await runAll(page);
    await expect(node(page, 'Many')).toHaveAttribute('aria-label', /60 items/);
    await page.evaluate(() => (window as unknown as { __switchyard: { workflow: { setPinData(name: string, items: unknown[]): void } } }).__switchyard.workflow.setPinData('Many', [{ json: { a: 1 } }, { json: { a: 2 } }]));
    await expect(node(page, 'Many')).toHaveAttribute('aria-label', /pinned data, 2 items/);
    await shot(page, 'trial-04-pinned-count');
  });

  test('table: no blank column after the last one; nested objects read as key-value pairs, bounded', async ({ page }) => {
    const big = `Object.fromEntries(Array.from({ length: 200 }, (_, k) => ['k' + k, 'v'.repeat(50)]))`;
    await openNew(page, {
      name: `Table cells ${Date.now()}`,
      nodes: [
        n('Trigger', TYPES.trigger, [240, 300]),
        code('People', `return [1, 2, 3].map((i) => ({ json: { greeting: 'hello', address: { city: 'London', zip: 1000 + i, geo: { lat: 51.5, tags: ['a', 'b'] } }, empty: {}, big: ${big} } }));`, [460, 300]),
        n('After', TYPES.noOp, [680, 300]),
      ],
      connections: links([
        ['Trigger', 'People'],
        ['People', 'After'],
      ]),
    });
    await runAll(page);
    await openNdv(page, 'After');
    const input = page.getByTestId('ndv-input');
    await expect(input.getByTestId('data-table-column')).toHaveText(['greeting', 'address', 'empty', 'big']);
    const row = input.getByTestId('data-table-row').first();
    const address = row.locator('.dt-cell').nth(2);
    await expect(address).toHaveText(/city:\s*London\s*zip:\s*1001\s*geo:\s*\{\s*lat:\s*51\.5\s*tags:\s*\[2\]\s*a\s*b\s*\}/);
    await expect(row.locator('.dt-cell').nth(3)).toHaveText('{}');
    // 200 keys of 50 characters: the cell holds about 300 characters, ending in '…'.
    const bigText = (await row.locator('.dt-cell').nth(4).textContent())!;
    expect(bigText.length).toBeLessThan(700);
    expect(bigText).toContain('…');
    // The last column reaches the table's right edge: no empty column after it.
    await input.getByTestId('data-table').evaluate((el) => (el.scrollLeft = el.scrollWidth));
    const table = (await input.getByTestId('data-table').boundingBox())!;
    const lastHead = (await input.getByTestId('data-table-column').last().boundingBox())!;
    expect(Math.abs(lastHead.x + lastHead.width - (table.x + table.width))).toBeLessThan(20);
    await input.getByTestId('data-table').evaluate((el) => (el.scrollLeft = 0));
    await shot(page, 'trial-05-table-nested');
    await closeNdv(page);
  });
});
