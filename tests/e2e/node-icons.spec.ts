// Node type icons in the editor (issue 17 trial): the Error Trigger shows n8n's bug, drawn from the
// shared icon table, in the node creator and on the canvas, not its initials "ET".
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { n, links, openNew } from './editing-helpers.ts';
import { ICONS } from '../../assets/icons.ts';

const SHOTS = 'test-results/node-icons';
mkdirSync(SHOTS, { recursive: true });

test('the Error Trigger has its bug icon in the node creator and on the canvas', async ({ page }) => {
  await openNew(page, {
    name: 'Error handler',
    nodes: [n('Error Trigger', 'n8n-nodes-base.errorTrigger', [0, 0]), n('Respond', 'n8n-nodes-base.noOp', [260, 0])],
    connections: links([['Error Trigger', 'Respond']]),
  });
  await page.screenshot({ path: `${SHOTS}/canvas.png` });

  await page.getByTestId('add-node').click();
  const creator = page.getByTestId('node-creator');
  await expect(creator).toBeVisible();
  await page.getByTestId('node-creator-search').fill('Error Trigger');
  const row = creator.locator('[data-testid="creator-node"][data-node-type="n8n-nodes-base.errorTrigger"]').first();
  await expect(row).toBeVisible();
  await expect(row.locator('.node-icon path')).toHaveAttribute('d', ICONS['fa:bug']!.path);
  await expect(row.locator('.node-icon-initials')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/creator.png` });
});
