// Spec 001 §4.1 "Node data is stale when parameters changed after the run started": run a
// small workflow, change a node's parameter, see the stale marker on the canvas (mirror label)
// and the notice in the NDV's output panel, run the node again and both are gone.
import { expect, test } from '@playwright/test';
import { canvasIdle, node, openNdv, openNew, shot, toast, triggerSetAfter } from './editing-helpers.ts';

const STALE = /parameters changed since the run/;
const NOTICE = 'Node parameters have changed. Execute the node again to refresh the output.';

test('changing parameters after a run marks the node data stale until it runs again', async ({ page }) => {
  test.setTimeout(150_000);
  await openNew(page, triggerSetAfter('Stale data'));

  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
  await expect(node(page, 'Set')).toHaveAttribute('aria-label', 'Set, has data, 1 item');
  await expect(node(page, 'After')).toHaveAttribute('aria-label', 'After, has data, 1 item');

  // Change a parameter in the NDV: the output panel says the data is stale.
  await openNdv(page, 'Set');
  await expect(page.getByTestId('ndv-output').getByTestId('data-table')).toContainText('hello');
  await expect(page.getByTestId('ndv-output-stale')).toHaveCount(0);
  await page.getByTestId('assignment-value-0').fill('hello again');
  await expect(page.getByTestId('ndv-output-stale')).toHaveText(NOTICE);
  // The old output is still shown, under the notice.
  await expect(page.getByTestId('ndv-output').getByTestId('data-table')).toContainText('hello');
  await shot(page, 'stale-01-ndv-notice');

  // The canvas: the node still has data, marked stale; its neighbours are not.
  await page.getByTestId('ndv-close').click();
  await expect(page.getByTestId('ndv')).toBeHidden();
  await expect(node(page, 'Set')).toHaveAttribute('aria-label', 'Set, has data, parameters changed since the run, 1 item');
  await expect(node(page, 'After')).not.toHaveAttribute('aria-label', STALE);
  await expect(node(page, 'Trigger')).not.toHaveAttribute('aria-label', STALE);
  await canvasIdle(page);
  await shot(page, 'stale-02-canvas-marker');

  // A rename keeps it (the node is the same, its run data follows the new name).
  await page.evaluate(() => {
    const w = (window as unknown as { __switchyard: { workflow: { nodeByName(x: string): { id: string }; renameNode(id: string, name: string): void } } }).__switchyard.workflow;
    w.renameNode(w.nodeByName('Set').id, 'Set Greeting');
  });
  await expect(node(page, 'Set Greeting')).toHaveAttribute('aria-label', STALE);

  // Execute the node again: the notice and the marker are gone, the new output is shown.
  await openNdv(page, 'Set Greeting');
  await expect(page.getByTestId('ndv-output-stale')).toHaveText(NOTICE);
  await page.getByTestId('ndv-execute-node').click();
  await expect(page.getByTestId('ndv-output').getByTestId('data-table')).toContainText('hello again');
  await expect(page.getByTestId('ndv-output-stale')).toHaveCount(0);
  await shot(page, 'stale-03-ndv-after-run');
  await page.getByTestId('ndv-close').click();
  await expect(node(page, 'Set Greeting')).toHaveAttribute('aria-label', 'Set Greeting, has data, 1 item');
  await canvasIdle(page);
  await shot(page, 'stale-04-canvas-after-run');
});

// Trial finding (issue 11): Execute node on a child re-runs a parent whose parameters changed
// since its run (n8n v1's partial execution with dirty nodes), so the child works on new data.
test('executing a node re-runs a stale parent first: the node gets the new data', async ({ page }) => {
  test.setTimeout(150_000);
  await openNew(page, triggerSetAfter(`Stale parent ${Date.now()}`));
  await page.getByTestId('execute-workflow').click();
  await expect(toast(page, 'Workflow executed successfully')).toBeVisible();

  await openNdv(page, 'Set');
  await page.getByTestId('assignment-value-0').fill('hello again');
  await expect(page.getByTestId('ndv-output-stale')).toHaveText(NOTICE);
  await page.getByTestId('ndv-close').click();
  await expect(node(page, 'Set')).toHaveAttribute('aria-label', STALE);

  await openNdv(page, 'After');
  await expect(page.getByTestId('ndv-input').getByTestId('data-table')).toContainText('hello');
  await page.getByTestId('ndv-execute-node').click();
  await expect(page.getByTestId('ndv-input').getByTestId('data-table')).toContainText('hello again');
  await expect(page.getByTestId('ndv-output').getByTestId('data-table')).toContainText('hello again');
  await shot(page, 'stale-05-child-ran-on-new-parent-data');
  await page.getByTestId('ndv-close').click();
  // The parent ran again (one run, not stale); the trigger's run was reused.
  await expect(node(page, 'Set')).toHaveAttribute('aria-label', 'Set, has data, 1 item');
  type RunWin = { __switchyard: { workflow: { runData: Record<string, unknown[]> } } };
  const runs = await page.evaluate(() => Object.fromEntries(Object.entries((window as unknown as RunWin).__switchyard.workflow.runData).map(([k, v]) => [k, v.length])));
  expect(runs).toEqual({ Trigger: 1, Set: 1, After: 1 });
});
