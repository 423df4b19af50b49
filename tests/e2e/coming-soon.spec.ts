// The coming-soon pages (spec 000 §2, §3 fake-door features; issue 17): environments and logging
// in the settings area, each with its name, icon, text and link, reached from the sidebar; an id
// that is not a settings feature (sharing lives in the credential dialog) is the not-found page.
import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { baseUrl } from './editing-helpers.ts';

const SHOTS = 'test-results/coming-soon';
mkdirSync(SHOTS, { recursive: true });

test('environments and logging: sidebar entries, placeholder pages with icon, text and link', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${baseUrl()}settings/coming-soon/environments`);
  const pageBox = page.getByTestId('coming-soon-page');
  await expect(pageBox.getByRole('heading', { level: 1 })).toHaveText('Environments');
  const door = page.getByTestId('fake-door-environments');
  await expect(door).toContainText('Environments is coming soon');
  await expect(door).toContainText('development and production versions');
  await expect(door.locator('.fake-door-icon svg')).toBeVisible();
  const link = door.getByTestId('fake-door-link');
  await expect(link).toHaveAttribute('href', 'https://docs.n8n.io/source-control-environments/');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);

  const sidebar = page.getByTestId('settings-sidebar');
  const environments = sidebar.getByTestId('settings-nav-environments');
  await expect(environments).toHaveAttribute('aria-current', 'page');
  await expect(environments).toContainText('Soon');
  await page.screenshot({ path: `${SHOTS}/environments.png` });

  await sidebar.getByTestId('settings-nav-logging').click();
  await expect(page).toHaveURL(`${baseUrl()}settings/coming-soon/logging`);
  await expect(pageBox.getByRole('heading', { level: 1 })).toHaveText('Logging');
  await expect(page.getByTestId('fake-door-logging')).toContainText('syslog server, a webhook or Sentry');
  await expect(page.getByTestId('fake-door-logging').getByTestId('fake-door-link')).toHaveAttribute('href', 'https://docs.n8n.io/log-streaming/');
  await expect(sidebar.getByTestId('settings-nav-logging')).toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: `${SHOTS}/logging.png` });

  // Back to the homepage from the sidebar.
  await sidebar.getByTestId('settings-back').click();
  await expect(page).toHaveURL(/\/workflow/);
});

test('a feature id that is not a settings feature is the not-found page', async ({ page }) => {
  for (const id of ['sharing', 'no-such-feature']) {
    await page.goto(`${baseUrl()}settings/coming-soon/${id}`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('coming-soon-page')).toHaveCount(0);
  }
});
