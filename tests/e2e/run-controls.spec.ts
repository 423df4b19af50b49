// The canvas's run and zoom controls clicked as a user would (spec 001 §2.4, §4.4, §9), against
// the real server: a run held up by a Wait node shows 'Executing workflow' and the stop-execution
// button, and stopping it ends the run as canceled; a finished run's node data goes with the
// clear-execution-data button; the zoom buttons scale by the 1.25 step and reset zoom shows only
// away from scale 1.
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, canvasIdle, links, n, node, openNew, shot, storeState, toast, TYPES } from './editing-helpers.ts';

const runButton = (page: Page) => page.getByTestId('execute-workflow');

/** Trigger → Wait (a time interval, slept in place under 65 s) → After. */
function waitWorkflow(name: string, seconds: number) {
  return {
    name,
    nodes: [
      n('Trigger', TYPES.trigger, [240, 300]),
      n('Wait', 'n8n-nodes-base.wait', [460, 300], { resume: 'timeInterval', amount: seconds, unit: 'seconds' }, 1.1),
      n('After', TYPES.noOp, [680, 300]),
    ],
    connections: links([
      ['Trigger', 'Wait'],
      ['Wait', 'After'],
    ]),
  };
}

async function label(page: Page, name: string): Promise<string | null> {
  return node(page, name).getAttribute('aria-label');
}

test.describe('run controls', () => {
  test.setTimeout(180_000);

  test('a long run shows Executing workflow and the stop button; stopping ends it as canceled', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openNew(page, waitWorkflow('Run and stop', 50));
    await expect(runButton(page)).toHaveText('Execute workflow');
    await expect(page.getByTestId('stop-execution')).toHaveCount(0);
    await expect(page.getByTestId('clear-execution')).toHaveCount(0);

    await runButton(page).click();
    await expect(runButton(page)).toHaveText('Executing workflow');
    await expect(runButton(page)).toBeDisabled();
    const stop = page.getByTestId('stop-execution');
    await expect(stop).toBeVisible();
    await expect(stop).toHaveAttribute('aria-label', 'Stop current execution');
    await expect(page.getByTestId('stop-waiting-webhook')).toHaveCount(0);
    // No clearing while the run is in flight.
    await expect(page.getByTestId('clear-execution')).toHaveCount(0);
    // The run got its execution id (push executionStarted / the run response), and Wait is the node at work.
    await expect.poll(() => page.evaluate(() => (window as unknown as { __switchyard: { run: { activeExecutionId?: string } } }).__switchyard.run.activeExecutionId)).toMatch(/^\d+$/);
    const executionId = await page.evaluate(() => (window as unknown as { __switchyard: { run: { activeExecutionId: string } } }).__switchyard.run.activeExecutionId);
    await expect(node(page, 'Wait')).toHaveAttribute('aria-label', /^Wait, executing/);
    await expect(node(page, 'Trigger')).toHaveAttribute('aria-label', 'Trigger, has data, 1 item');
    await shot(page, 'run-controls-01-executing');

    await stop.click();
    await expect(toast(page, 'Execution stopped')).toContainText(`The execution with the id ${executionId} got stopped!`);
    await expect(runButton(page)).toHaveText('Execute workflow');
    await expect(runButton(page)).toBeEnabled();
    await expect(stop).toHaveCount(0);
    // The server ended it as canceled, long before the 50 s wait was over.
    const res = await page.request.get(`${baseUrl()}rest/executions/${executionId}`);
    expect(res.status(), await res.text()).toBe(200);
    const execution = (await res.json()).data as { status: string; finished: boolean; stoppedAt?: string; data?: { resultData: { runData: Record<string, unknown> } } };
    expect(execution.status).toBe('canceled');
    expect(execution.finished).toBe(false);
    expect(execution.stoppedAt).toBeTruthy();
    expect(Object.keys(execution.data?.resultData.runData ?? {})).toEqual(['Trigger']);
    // What ran before the stop stays on the canvas. The Wait cut short has no data (its output
    // after the stop is not a result), nothing is left executing, After never ran.
    await expect(node(page, 'Trigger')).toHaveAttribute('aria-label', 'Trigger, has data, 1 item');
    await expect(node(page, 'Wait')).not.toHaveAttribute('aria-label', /executing|has data|item/);
    await expect(node(page, 'After')).toHaveAttribute('aria-label', 'After');
    await shot(page, 'run-controls-02-stopped');
    expect(errors).toEqual([]);
  });

  test('a finished run: node data shown, then cleared with the clear-execution-data button', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openNew(page, waitWorkflow('Run and clear', 2));

    await runButton(page).click();
    await expect(runButton(page)).toHaveText('Executing workflow');
    await expect(page.getByTestId('stop-execution')).toBeVisible();
    await expect(runButton(page)).toHaveText('Execute workflow');
    await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
    for (const name of ['Trigger', 'Wait', 'After']) await expect(node(page, name)).toHaveAttribute('aria-label', `${name}, has data, 1 item`);
    expect((await storeState(page)).executionId).toMatch(/^\d+$/);

    const clear = page.getByTestId('clear-execution');
    await expect(clear).toBeVisible();
    await expect(clear).toHaveAttribute('aria-label', 'Clear execution data');
    await expect(page.getByTestId('stop-execution')).toHaveCount(0);
    await shot(page, 'run-controls-03-finished');

    await clear.click();
    for (const name of ['Trigger', 'Wait', 'After']) await expect(node(page, name)).toHaveAttribute('aria-label', name);
    await expect(clear).toHaveCount(0);
    expect((await storeState(page)).executionId).toBeUndefined();
    await expect(runButton(page)).toHaveText('Execute workflow');
    await shot(page, 'run-controls-04-cleared');
    expect(errors).toEqual([]);
  });
});

test('zoom buttons scale by 1.25; reset zoom shows only away from scale 1', async ({ page }) => {
  await openNew(page, waitWorkflow('Zoom buttons', 1));
  const scale = () => page.evaluate(() => (window as unknown as { __switchyardCanvas: { zoom: { scale: number } } }).__switchyardCanvas.zoom.scale);
  const reset = page.getByTestId('zoom-reset');

  // Zoom to fit may have left any scale: get to 1 first (the button, or it is hidden because the scale is 1 already).
  if (Math.abs((await scale()) - 1) > 1e-6) {
    await expect(reset).toBeVisible();
    await reset.click();
  }
  await expect.poll(scale).toBeCloseTo(1, 6);
  await expect(reset).toHaveCount(0);

  await page.getByTestId('zoom-out').click();
  await expect.poll(scale).toBeCloseTo(1 / 1.25, 6);
  await expect(reset).toBeVisible();
  await page.getByTestId('zoom-out').click();
  await expect.poll(scale).toBeCloseTo(1 / 1.25 ** 2, 6);

  await page.getByTestId('zoom-in').click();
  await expect.poll(scale).toBeCloseTo(1 / 1.25, 6);
  await page.getByTestId('zoom-in').click();
  await expect.poll(scale).toBeCloseTo(1, 6);
  await expect(reset).toHaveCount(0);

  await page.getByTestId('zoom-in').click();
  await expect.poll(scale).toBeCloseTo(1.25, 6);
  await expect(reset).toBeVisible();
  await canvasIdle(page);
  await shot(page, 'run-controls-05-zoomed-in');
  await reset.click();
  await expect.poll(scale).toBeCloseTo(1, 6);
  await expect(reset).toHaveCount(0);
});
