// The account journey of issue 9 in Chromium, against a server of its own (the shared server of
// globalSetup.ts must keep running without an owner) under the base path /switchyard/, mailing
// through a real SMTP server on 127.0.0.1 (tests/e2e/accountServer.ts): owner setup, sign-out and
// sign-in with the redirect, an invitation read from the mail and signed up from it in another
// browser context, member isolation both ways, password recovery by mail, an API key used on the
// public API and deleted, a session ended by a password change elsewhere while the editor holds
// unsaved work (signed in again over the editor, the work kept; or dropped for another account),
// deleting the member with a transfer of their workflows to the owner, and an email change that
// needs the current password. Each step is a test of one serial group; the owner and the member
// keep one page each throughout.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { linkIn, startAccountServer, type AccountServer, type Mailbox } from './accountServer.ts';

const SHOTS = 'test-results/accounts-e2e';
mkdirSync(SHOTS, { recursive: true });

const OWNER = { email: 'olivia@example.com', firstName: 'Olivia', lastName: 'Owner', password: 'OwnerPass1' };
const MEMBER = { email: 'mia@example.com', firstName: 'Mia', lastName: 'Member', password: 'MemberPass1', newPassword: 'MemberPass2' };
const OWNER_FLOW = 'Olivia private payroll flow';
const OWNER_FLOW_EDITED = 'Olivia payroll flow (edited while signed out)';
const OWNER_NEW_EMAIL = 'olivia.owner@example.com';
/** The push stream's requests (an EventSource on /rest/push?pushRef=…). */
const PUSH = /\/rest\/push\?/;
const MEMBER_FLOW = 'Mia newsletter flow';
const WRONG_CREDENTIALS = 'Wrong username or password';

test.describe.configure({ mode: 'serial' });

let server: AccountServer;
let mailbox: Mailbox;
let ownerContext: BrowserContext;
let memberContext: BrowserContext;
let owner: Page;
let member: Page;
let ownerFlowId = '';
let memberFlowId = '';
/** The owner's password as the session tests change it. */
let ownerPassword = OWNER.password;
/** The owner signed in in another browser, where the password is changed. */
let elsewhereContext: BrowserContext | undefined;
let elsewhere: Page;
/** Uncaught page errors and server errors (5xx) seen by any page: each test fails on them. */
const problems: string[] = [];

function url(path = ''): string {
  return `${server.url}${path}`;
}

function watch(page: Page, who: string): void {
  page.on('pageerror', (e) => problems.push(`${who}: uncaught ${e.name}: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${who}: ${r.status()} from ${r.request().method()} ${r.url()}`);
  });
}

async function shot(page: Page, name: string): Promise<void> {
  // Finished animations: a toast fading in is shown as it will be read.
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
}

function toast(page: Page, title: string) {
  return page.getByTestId('toast').filter({ has: page.locator('.toast-title', { hasText: title }) });
}

/** No error toast and no error notice on the page. */
async function expectNoErrors(page: Page): Promise<void> {
  await expect(page.locator('.toast-error')).toHaveCount(0);
  await expect(page.locator('.notice-error')).toHaveCount(0);
}

async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu-button').click();
  const menu = page.getByTestId('user-menu');
  await expect(menu).toBeVisible();
  return menu;
}

async function signOut(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByTestId('user-menu-signout').click();
  await expect(page).toHaveURL(url('signin'));
  await expect(page.getByTestId('signin-form')).toBeVisible();
}

async function fillSignin(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('signin-email').fill(email);
  await page.getByTestId('signin-password').fill(password);
  await page.getByTestId('signin-submit').click();
}

/** Opens the Open workflow dialog and expects exactly these names in it, once its list came from the server. */
async function expectListed(page: Page, names: string[]): Promise<void> {
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === new URL(url('rest/workflows')).pathname && r.request().method() === 'GET');
  await page.getByTestId('sidebar-open-workflow').click();
  expect((await listed).status()).toBe(200);
  const dialog = page.getByRole('dialog', { name: 'Open workflow' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Loading…')).toHaveCount(0);
  const cells = dialog.locator('.open-wf-table tbody tr td:first-child');
  await expect.poll(async () => (await cells.allTextContents()).map((n) => n.trim()).sort()).toEqual([...names].sort());
  if (names.length === 0) await expect(dialog).toContainText('No saved workflows yet');
}

/** Changes the signed-in user's password in Settings → Personal (which ends their other sessions). */
async function changePassword(page: Page, current: string, next: string): Promise<void> {
  await page.goto(url('settings/personal'));
  await page.getByTestId('personal-change-password').click();
  await expect(page.getByTestId('change-password-dialog')).toBeVisible();
  await page.getByTestId('change-password-current').fill(current);
  await page.getByTestId('change-password-dialog-new').fill(next);
  await page.getByTestId('change-password-dialog-repeat').fill(next);
  await page.getByTestId('change-password-dialog-submit').click();
  await expect(toast(page, 'Password updated')).toBeVisible();
  await expect(page.getByTestId('change-password-dialog')).toHaveCount(0);
}

/** Renames the open workflow in the header: unsaved until saved. */
async function rename(page: Page, name: string): Promise<void> {
  await page.getByTestId('workflow-name').click();
  await page.getByRole('textbox', { name: 'Workflow name' }).fill(name);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('workflow-name')).toHaveText(name);
  await expect(page.getByTestId('save-button')).toHaveText('Save');
}

async function storedName(page: Page, id: string): Promise<string> {
  const r = await page.request.get(url(`rest/workflows/${id}`));
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()) as { data: { name: string } }).data.name;
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.beforeAll(async ({ browser }) => {
  server = await startAccountServer();
  mailbox = server.mailbox!;
  const origin = new URL(server.url).origin;
  const options = { viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] };
  ownerContext = await browser.newContext(options);
  await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  memberContext = await browser.newContext(options);
  owner = await ownerContext.newPage();
  member = await memberContext.newPage();
  watch(owner, 'owner');
  watch(member, 'member');
});

test.afterEach(() => {
  expect(problems, `page errors or server errors:\n${problems.join('\n')}\nserver log:\n${server?.log()}`).toEqual([]);
});

test.afterAll(async () => {
  await elsewhereContext?.close();
  await ownerContext?.close();
  await memberContext?.close();
  await server?.stop();
});

test('1. a fresh instance sends everyone to setup, which checks its fields and creates the owner', async () => {
  await owner.goto(url());
  await expect(owner).toHaveURL(url('setup'));
  const form = owner.getByTestId('setup-form');
  await expect(form).toBeVisible();
  // The password rule is shown before anything is typed.
  await expect(form.getByText('At least 8 characters, including at least 1 number and 1 capital letter.')).toBeVisible();
  await shot(owner, '01-setup');

  // A bad email and a weak password: each field says what is wrong, nothing is created.
  await owner.getByTestId('setup-email').fill('olivia.example.com');
  await owner.getByTestId('setup-first-name').fill(OWNER.firstName);
  await owner.getByTestId('setup-last-name').fill(OWNER.lastName);
  await owner.getByTestId('setup-password').fill('ownerpass');
  await owner.getByTestId('setup-submit').click();
  await expect(form.getByRole('alert').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();
  await expect(form.getByRole('alert').filter({ hasText: 'Password must contain at least 1 number' })).toBeVisible();
  await expect(owner.getByTestId('setup-email')).toHaveAttribute('aria-invalid', 'true');
  await expect(owner.getByTestId('setup-password')).toHaveAttribute('aria-invalid', 'true');
  await owner.getByTestId('setup-password').fill('ownerpass1');
  await expect(form.getByRole('alert').filter({ hasText: 'Password must contain at least 1 capital letter' })).toBeVisible();
  await shot(owner, '02-setup-errors');
  await expect(owner).toHaveURL(url('setup'));

  await owner.getByTestId('setup-email').fill(OWNER.email);
  await owner.getByTestId('setup-password').fill(OWNER.password);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await owner.getByTestId('setup-submit').click();

  // The homepage is the editor, signed in as the owner.
  await expect(owner).toHaveURL(url('workflow'));
  await expect(owner.getByTestId('canvas-host')).toBeVisible();
  await expect(owner.getByTestId('user-menu-button')).toHaveAccessibleName(`User menu (${OWNER.firstName} ${OWNER.lastName})`);
  await openUserMenu(owner);
  await expect(owner.getByTestId('user-menu-head')).toContainText(`${OWNER.firstName} ${OWNER.lastName}`);
  await expect(owner.getByTestId('user-menu-head')).toContainText(OWNER.email);
  await expect(owner.getByTestId('user-menu-settings')).toBeVisible();
  await expect(owner.getByTestId('user-menu-signout')).toBeVisible();
  await expectNoErrors(owner);
  await shot(owner, '03-owner-editor-user-menu');
  await owner.keyboard.press('Escape');
  await expect(owner.getByTestId('user-menu')).toBeHidden();

  // Setup is done: /setup now leads a signed-in owner home.
  await owner.goto(url('setup'));
  await expect(owner).toHaveURL(url('workflow'));
});

test('2. signing out, a protected page asks to sign in and comes back after a right password', async () => {
  await signOut(owner);
  await shot(owner, '04-signed-out');

  await owner.goto(url('settings/personal'));
  await expect(owner).toHaveURL(url(`signin?redirect=${encodeURIComponent('/settings/personal')}`));
  await expect(owner.getByTestId('signin-form')).toBeVisible();

  await fillSignin(owner, OWNER.email, 'OwnerPass9');
  const error = owner.getByTestId('signin-error');
  await expect(error).toContainText('Problem logging in');
  await expect(error).toContainText(WRONG_CREDENTIALS);
  await expect(owner).toHaveURL(/\/switchyard\/signin\?redirect=/);
  await shot(owner, '05-signin-wrong-password');

  await owner.getByTestId('signin-password').fill(OWNER.password);
  await owner.getByTestId('signin-submit').click();
  await expect(owner).toHaveURL(url('settings/personal'));
  await expect(owner.getByTestId('personal-name')).toHaveText(`${OWNER.firstName} ${OWNER.lastName}`);
  await expect(owner.getByTestId('personal-email')).toHaveValue(OWNER.email);
  await expectNoErrors(owner);
});

test('3. the owner invites a member by mail; the link in the mail signs them up in their own browser', async () => {
  await owner.getByTestId('settings-nav-users').click();
  await expect(owner).toHaveURL(url('settings/users'));
  await expect(owner.getByTestId('user-row')).toHaveCount(1);
  await expect(owner.getByTestId('users-smtp-warning')).toHaveCount(0);

  await owner.getByTestId('users-invite').click();
  await expect(owner.getByTestId('invite-dialog')).toBeVisible();
  // An address without a domain is named once the typing pauses (the field still focused), and
  // once it is left; nothing can be sent.
  await owner.getByTestId('invite-emails').pressSequentially(`${MEMBER.firstName} <mia@example>`, { delay: 20 });
  await expect(owner.getByTestId('invite-emails')).toBeFocused();
  await expect(owner.getByTestId('invite-error')).toHaveText('mia@example is not a valid email');
  await expect(owner.getByTestId('invite-emails')).toHaveAttribute('aria-invalid', 'true');
  await expect(owner.getByTestId('invite-submit')).toBeDisabled();
  await shot(owner, '06a-invite-error');
  await owner.getByTestId('invite-emails').fill(' , ');
  await owner.getByTestId('invite-emails').blur();
  await expect(owner.getByTestId('invite-error')).toHaveText('no users to invite');
  await expect(owner.getByTestId('invite-submit')).toBeDisabled();
  await owner.getByTestId('invite-emails').fill(`${MEMBER.firstName} ${MEMBER.lastName} <${MEMBER.email}>`);
  await expect(owner.getByTestId('invite-submit')).toHaveText('Invite user');
  await expect(owner.getByTestId('invite-error')).toHaveCount(0);
  await shot(owner, '06-invite');
  const mailsBefore = mailbox.mails.length;
  await owner.getByTestId('invite-submit').click();
  await expect(toast(owner, 'Users invited')).toContainText(MEMBER.email);
  await expect(owner.getByTestId('invite-dialog')).toHaveCount(0);
  const row = owner.locator(`[data-testid="user-row"][data-email="${MEMBER.email}"]`);
  await expect(row.getByTestId('user-pending')).toHaveText('Pending');
  await expect(row.getByTestId('user-role')).toHaveText('Member');
  // Its accessible name holds the visible text (WCAG 2.5.3).
  await expect(row.getByTestId('user-copy-link')).toHaveAccessibleName(`Copy link for ${MEMBER.email}`);
  await shot(owner, '07-invited-pending');

  // The mail the SMTP server received: from the inviter, with the sign-up link under the base path.
  const mail = await mailbox.next(MEMBER.email, mailsBefore, 15_000);
  expect(mail.subject).toBe(`${OWNER.firstName} ${OWNER.lastName} has invited you to Switchyard`);
  const signup = linkIn(mail, '/signup');
  expect(signup.href.startsWith(url('signup?'))).toBe(true);

  // Another person, another browser context.
  await member.goto(signup.href);
  await expect(member.getByTestId('signup-form')).toBeVisible();
  await expect(member.getByTestId('signup-inviter')).toHaveText(`${OWNER.firstName} ${OWNER.lastName} has invited you to Switchyard. Set up your account to get started.`);
  // The account's address, from the invitation; the names are not prefilled from 'Name <email>'.
  await expect(member.getByTestId('signup-invitee')).toHaveText(`Your account: ${MEMBER.email}`);
  await expect(member.getByTestId('signup-first-name')).toHaveValue('');
  await member.getByTestId('signup-first-name').fill(MEMBER.firstName);
  await member.getByTestId('signup-last-name').fill(MEMBER.lastName);
  await member.getByTestId('signup-password').fill(MEMBER.password);
  await shot(member, '08-signup-from-mail');
  await member.getByTestId('signup-submit').click();

  await expect(member).toHaveURL(url('workflow'));
  await expect(member.getByTestId('user-menu-button')).toHaveAccessibleName(`User menu (${MEMBER.firstName} ${MEMBER.lastName})`);
  await openUserMenu(member);
  await expect(member.getByTestId('user-menu-head')).toContainText(MEMBER.email);
  await member.keyboard.press('Escape');
  await expectNoErrors(member);

  // A member has personal and API settings, not the users page.
  await member.goto(url('settings/users'));
  await expect(member).toHaveURL(url('workflow'));

  // The owner's list shows the member signed up.
  await owner.reload();
  await expect(row.getByTestId('user-pending')).toHaveCount(0);
  await expect(row).toContainText(`${MEMBER.firstName} ${MEMBER.lastName}`);
  await expectNoErrors(owner);
});

test('4. a member sees only their own workflows; the owner sees the member’s', async () => {
  // The owner's workflow, saved through the REST API with the owner's session.
  const created = await owner.request.post(url('rest/workflows'), {
    data: {
      name: OWNER_FLOW,
      nodes: [{ id: 'a1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [240, 300], parameters: {} }],
      connections: {},
      settings: { executionOrder: 'v1' },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  ownerFlowId = ((await created.json()) as { data: { id: string } }).data.id;

  // The member's Open workflow list does not show it.
  await expectListed(member, []);
  await shot(member, '09-member-open-list-empty');
  await closeDialog(member);

  // Nor does its address: 'could not be found', back to a new workflow, none of the owner's data.
  await member.goto(url(`workflow/${ownerFlowId}`));
  await expect(toast(member, 'Problem loading workflow')).toContainText(`Workflow with ID "${ownerFlowId}" could not be found`);
  await expect(member).toHaveURL(url('workflow'));
  await expect(member.getByTestId('workflow-name')).not.toHaveText(OWNER_FLOW);
  await expect(member.locator('[data-testid="canvas-node"]')).toHaveCount(0);
  await expect(member.locator('body')).not.toContainText(OWNER_FLOW);
  await shot(member, '10-member-opens-owner-workflow');

  // The member names and saves a workflow of their own in the editor.
  await member.getByTestId('workflow-name').click();
  await member.getByRole('textbox', { name: 'Workflow name' }).fill(MEMBER_FLOW);
  await member.keyboard.press('Enter');
  await expect(member.getByTestId('workflow-name')).toHaveText(MEMBER_FLOW);
  await member.getByTestId('save-button').click();
  await expect(member).toHaveURL(/\/switchyard\/workflow\/[^/]+$/);
  await expect(member.getByTestId('save-button')).toHaveText('Saved');
  memberFlowId = new URL(member.url()).pathname.split('/').pop()!;
  await expectListed(member, [MEMBER_FLOW]);
  // A member's list is their own: no Owner column.
  await expect(member.getByRole('dialog', { name: 'Open workflow' }).getByRole('columnheader')).toHaveText(['Name', 'Created', 'Updated', 'Active']);
  await closeDialog(member);

  // The owner sees both.
  await owner.getByTestId('settings-back').click();
  await expect(owner).toHaveURL(url('workflow'));
  await expectListed(owner, [MEMBER_FLOW, OWNER_FLOW]);
  // The owner's list holds the member's workflow too: whose each one is, by name (GET /users).
  const list = owner.getByRole('dialog', { name: 'Open workflow' });
  await expect(list.getByRole('columnheader')).toHaveText(['Name', 'Owner', 'Created', 'Updated', 'Active']);
  await expect(list.getByRole('row', { name: MEMBER_FLOW }).getByTestId('open-wf-owner')).toHaveText(`${MEMBER.firstName} ${MEMBER.lastName}`);
  await expect(list.getByRole('row', { name: OWNER_FLOW }).getByTestId('open-wf-owner')).toHaveText('You');
  // Search still filters by name, with the column.
  await list.getByRole('textbox', { name: 'Search workflows by name' }).fill('newsletter');
  await expect(list.locator('.open-wf-table tbody tr')).toHaveCount(1);
  await expect(list.getByTestId('open-wf-owner')).toHaveText([`${MEMBER.firstName} ${MEMBER.lastName}`]);
  await list.getByRole('textbox', { name: 'Search workflows by name' }).fill('');
  await expect(list.locator('.open-wf-table tbody tr')).toHaveCount(2);
  await shot(owner, '11-owner-open-list-both');
  await closeDialog(owner);
  await expectNoErrors(owner);
});

test('5. a forgotten password is reset from the mailed link, once', async () => {
  await signOut(member);
  await member.getByTestId('signin-forgot').click();
  await expect(member).toHaveURL(url('forgot-password'));
  await expect(member.getByTestId('forgot-form')).toBeVisible();
  await member.getByTestId('forgot-email').fill(MEMBER.email);
  const mailsBefore = mailbox.mails.length;
  await member.getByTestId('forgot-submit').click();
  await expect(member.getByTestId('forgot-sent')).toContainText(`If ${MEMBER.email} belongs to an account`);
  await shot(member, '12-forgot-sent');

  const mail = await mailbox.next(MEMBER.email, mailsBefore, 15_000);
  expect(mail.subject).toBe('Reset your Switchyard password');
  const link = linkIn(mail, '/change-password');
  expect(link.href.startsWith(url('change-password?'))).toBe(true);

  await member.goto(link.href);
  const form = member.getByTestId('change-password-form');
  await expect(form).toBeVisible();
  await member.getByTestId('change-password-new').fill(MEMBER.newPassword);
  await member.getByTestId('change-password-repeat').fill(`${MEMBER.newPassword}x`);
  await member.getByTestId('change-password-submit').click();
  await expect(form.getByRole('alert')).toHaveText('Passwords must match');
  await shot(member, '13-new-password-mismatch');
  await member.getByTestId('change-password-repeat').fill(MEMBER.newPassword);
  await member.getByTestId('change-password-submit').click();
  await expect(member).toHaveURL(url('signin'));
  await expect(toast(member, 'Password updated')).toBeVisible();
  await shot(member, '14-password-updated');

  // The link works once.
  await member.goto(link.href);
  await expect(member).toHaveURL(url('signin'));
  await expect(toast(member, 'Invalid password reset link')).toContainText('This password reset link is invalid or has expired');
  await shot(member, '15-reset-link-used');

  // The old password no longer signs in; the new one does.
  await fillSignin(member, MEMBER.email, MEMBER.password);
  await expect(member.getByTestId('signin-error')).toContainText(WRONG_CREDENTIALS);
  await member.getByTestId('signin-password').fill(MEMBER.newPassword);
  await member.getByTestId('signin-submit').click();
  await expect(member).toHaveURL(url('workflow'));
  await expect(member.getByTestId('user-menu-button')).toHaveAccessibleName(`User menu (${MEMBER.firstName} ${MEMBER.lastName})`);
});

test('6. the owner’s API key opens the public API until it is deleted', async () => {
  await openUserMenu(owner);
  await owner.getByTestId('user-menu-settings').click();
  await expect(owner).toHaveURL(url('settings/personal'));
  await owner.getByTestId('settings-nav-api').click();
  await expect(owner).toHaveURL(url('settings/api'));
  await owner.getByTestId('api-create').click();
  const shown = owner.getByTestId('api-key-value');
  await expect(shown).toBeVisible();
  const key = (await shown.textContent())!.trim();
  expect(key.length).toBeGreaterThan(20);

  await owner.getByTestId('api-copy').click();
  await expect(toast(owner, 'API key copied to clipboard')).toBeVisible();
  expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectNoErrors(owner);
  await shot(owner, '16-api-key');

  const call = () => fetch(url('api/v1/workflows'), { headers: { 'X-N8N-API-KEY': key } });
  const listed = await call();
  expect(listed.status).toBe(200);
  const body = (await listed.json()) as { data: Array<{ id: string; name: string }> };
  // The owner's key sees all: the owner's workflow and the member's.
  expect(body.data.map((w) => w.id).sort()).toEqual([memberFlowId, ownerFlowId].sort());
  expect(body.data.find((w) => w.id === ownerFlowId)?.name).toBe(OWNER_FLOW);

  await owner.getByTestId('api-delete').click();
  await expect(owner.getByTestId('api-delete-confirm')).toBeVisible();
  await shot(owner, '17-api-delete-confirm');
  await owner.getByTestId('api-delete-confirm-confirm').click();
  await expect(toast(owner, 'API key deleted')).toBeVisible();
  await expect(owner.getByTestId('api-key-value')).toHaveCount(0);
  await expect(owner.getByTestId('api-create')).toBeVisible();

  const refused = await call();
  expect(refused.status).toBe(401);
});

test('7. a save after the password was changed elsewhere asks to sign in again over the editor; the unsaved work stays and saves', async ({ browser }) => {
  // This page's push stream is held unanswered, so the save itself finds the session gone.
  await owner.route(PUSH, () => undefined);
  await owner.goto(url(`workflow/${ownerFlowId}`));
  await expect(owner.getByTestId('workflow-name')).toHaveText(OWNER_FLOW);
  await rename(owner, OWNER_FLOW_EDITED);

  // The owner, in another browser, changes the password: every other session of theirs ends.
  elsewhereContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  elsewhere = await elsewhereContext.newPage();
  watch(elsewhere, 'owner elsewhere');
  await elsewhere.goto(url('signin'));
  await fillSignin(elsewhere, OWNER.email, ownerPassword);
  await expect(elsewhere).toHaveURL(url('workflow'));
  await changePassword(elsewhere, ownerPassword, 'OwnerPass2');
  ownerPassword = 'OwnerPass2';

  // Ctrl+S here: no trip to sign-in, no error toast, but the dialog over the editor.
  const refused = owner.waitForResponse((r) => r.url().endsWith(`/rest/workflows/${ownerFlowId}`) && r.request().method() === 'PATCH');
  await owner.getByTestId('canvas-host').click({ position: { x: 40, y: 40 } });
  await owner.keyboard.press('Control+s');
  expect((await refused).status()).toBe(401);
  const dialog = owner.getByTestId('session-ended-dialog');
  await expect(dialog).toBeVisible();
  await expect(owner.getByRole('dialog', { name: 'Your session ended' })).toBeVisible();
  await expect(dialog).toContainText('Sign in again to keep working');
  await expect(dialog).toContainText(OWNER_FLOW_EDITED);
  await expect(owner.getByTestId('session-ended-email')).toHaveValue(OWNER.email);
  await expect(owner.getByTestId('session-ended-password')).toBeFocused();
  await expect(owner).toHaveURL(url(`workflow/${ownerFlowId}`));
  await expect(owner.locator('.toast-error')).toHaveCount(0);
  await expect(toast(owner, 'You were signed out')).toHaveCount(0);
  // It must be answered: Escape does not close it.
  await owner.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await shot(owner, '20-session-ended-dialog');

  // The old password is the sign-in page's error, in the dialog.
  await owner.getByTestId('session-ended-password').fill(OWNER.password);
  await owner.getByTestId('session-ended-submit').click();
  await expect(owner.getByTestId('session-ended-error')).toContainText('Problem logging in');
  await expect(owner.getByTestId('session-ended-error')).toContainText(WRONG_CREDENTIALS);
  await expect(owner.getByTestId('session-ended-password')).toBeFocused();
  await shot(owner, '21-session-ended-wrong-password');

  // The new one: the editor is as it was, still unsaved; the save works now.
  await owner.getByTestId('session-ended-password').fill(ownerPassword);
  await owner.getByTestId('session-ended-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(owner, 'Signed in again')).toBeVisible();
  await expect(owner).toHaveURL(url(`workflow/${ownerFlowId}`));
  await expect(owner.getByTestId('workflow-name')).toHaveText(OWNER_FLOW_EDITED);
  await expect(owner.getByTestId('save-button')).toHaveText('Save');
  expect(await storedName(owner, ownerFlowId)).toBe(OWNER_FLOW);
  // Saved again by the user (the Save button: Ctrl+S is debounced for a second after the first).
  await owner.getByTestId('save-button').click();
  await expect(owner.getByTestId('save-button')).toHaveText('Saved');
  expect(await storedName(owner, ownerFlowId)).toBe(OWNER_FLOW_EDITED);
  await expectNoErrors(owner);
  await owner.unroute(PUSH);
});

test('8. the push stream finds the ended session at once; signing in over the editor as someone else drops the work after a confirm', async () => {
  const streaming = owner.waitForResponse((r) => PUSH.test(r.url()) && r.status() === 200);
  await owner.reload();
  await streaming;
  await expect(owner.getByTestId('workflow-name')).toHaveText(OWNER_FLOW_EDITED);
  await rename(owner, 'Olivia draft that is dropped');

  await changePassword(elsewhere, ownerPassword, 'OwnerPass3');
  ownerPassword = 'OwnerPass3';
  // No click here: the server closed this page's stream, and GET /rest/login answered 401.
  const dialog = owner.getByTestId('session-ended-dialog');
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(owner.locator('.toast-error')).toHaveCount(0);
  await expect(owner.getByTestId('connection-lost')).toHaveCount(0);

  // 'Sign in as someone else' asks first; Back returns to the dialog.
  await owner.getByTestId('session-ended-other').click();
  const confirm = owner.getByTestId('session-ended-confirm');
  await expect(confirm).toContainText('Discard your unsaved changes?');
  await expect(confirm).toContainText('Olivia draft that is dropped');
  await owner.getByTestId('session-ended-confirm-back').click();
  await expect(dialog).toBeVisible();

  // Another account typed in: the confirm names it; confirmed, that user is signed in, at home.
  // Under load the form shown again after Back can still be settling; type until it holds.
  await expect(async () => {
    await owner.getByTestId('session-ended-email').fill(MEMBER.email);
    await owner.getByTestId('session-ended-password').fill(MEMBER.newPassword);
    await owner.waitForTimeout(200);
    await expect(owner.getByTestId('session-ended-email')).toHaveValue(MEMBER.email, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await owner.getByTestId('session-ended-submit').click();
  await expect(confirm).toContainText(`Sign in as ${MEMBER.email}?`);
  await expect(confirm).toContainText('will be lost');
  await shot(owner, '22-session-ended-other-account');
  await owner.getByTestId('session-ended-confirm-discard').click();
  await expect(owner).toHaveURL(url('workflow'));
  await expect(owner.getByTestId('user-menu-button')).toHaveAccessibleName(`User menu (${MEMBER.firstName} ${MEMBER.lastName})`);
  await expect(owner.getByRole('dialog')).toHaveCount(0);
  await expect(toast(owner, 'Unsaved changes discarded')).toBeVisible();
  await expect(owner.getByTestId('workflow-name')).not.toHaveText('Olivia draft that is dropped');
  await expect(owner.getByTestId('save-button')).not.toHaveText('Saving…');
  await expectNoErrors(owner);

  // The draft was never saved; the owner signs in again in this page.
  await signOut(owner);
  await fillSignin(owner, OWNER.email, ownerPassword);
  await expect(owner).toHaveURL(url('workflow'));
  expect(await storedName(owner, ownerFlowId)).toBe(OWNER_FLOW_EDITED);
  await elsewhereContext?.close();
  elsewhereContext = undefined;
});

test('9. deleting the member hands their workflow to the owner and ends the member’s session', async () => {
  await owner.goto(url('settings/users'));
  const row = owner.locator(`[data-testid="user-row"][data-email="${MEMBER.email}"]`);
  await row.getByTestId('user-delete').click();
  const dialog = owner.getByTestId('delete-user-dialog');
  await expect(dialog).toBeVisible();
  await expect(owner.getByTestId('delete-user-submit')).toBeDisabled();
  await owner.getByTestId('delete-user-transfer').click();
  await owner.getByTestId('delete-user-transfer-target').selectOption({ label: `${OWNER.firstName} ${OWNER.lastName} (${OWNER.email})` });
  await expect(owner.getByTestId('delete-user-submit')).toBeEnabled();
  await shot(owner, '18-delete-member-transfer');
  // Watched from now on: the member's page says it was signed out (a toast of 4 s) by itself.
  const memberToast = toast(member, 'You were signed out').waitFor({ timeout: 15_000 });
  await owner.getByTestId('delete-user-submit').click();
  await expect(toast(owner, 'User deleted')).toContainText(`Data transferred to ${OWNER.firstName} ${OWNER.lastName}`);
  await expect(row).toHaveCount(0);
  await expect(owner.getByTestId('user-row')).toHaveCount(1);

  // The member's workflow is still there, and the owner opens it.
  await owner.getByTestId('settings-back').click();
  await expectListed(owner, [MEMBER_FLOW, OWNER_FLOW_EDITED]);
  // The owner's now: no other user's workflow in the list, so no Owner column.
  await expect(owner.getByRole('dialog', { name: 'Open workflow' }).getByRole('columnheader', { name: 'Owner' })).toHaveCount(0);
  await owner.getByRole('dialog', { name: 'Open workflow' }).getByRole('row', { name: MEMBER_FLOW }).click();
  await expect(owner).toHaveURL(url(`workflow/${memberFlowId}`));
  await expect(owner.getByTestId('workflow-name')).toHaveText(MEMBER_FLOW);
  await expectNoErrors(owner);

  // The member's page, with nothing unsaved, went to sign-in by itself (no click there): the
  // server closed its push stream and GET /rest/login answered 401. The account is gone.
  await memberToast;
  await expect(member).toHaveURL(/\/switchyard\/signin\?redirect=/);
  await expect(member.getByRole('dialog')).toHaveCount(0);
  await shot(member, '19-member-signed-out');
  await fillSignin(member, MEMBER.email, MEMBER.newPassword);
  await expect(member.getByTestId('signin-error')).toContainText(WRONG_CREDENTIALS);
});

test('10. changing the email needs the current password; field errors show as soon as a field is changed', async () => {
  await owner.goto(url('settings/personal'));
  const save = owner.getByTestId('personal-save');
  const form = owner.getByTestId('personal-form');
  await expect(owner.getByTestId('personal-current-password')).toHaveCount(0);

  // A cleared first name says why Save is greyed out, at once (the field not left).
  await owner.getByTestId('personal-first-name').fill('');
  await expect(form.getByRole('alert')).toHaveText('First name is required');
  await expect(save).toBeDisabled();
  await owner.getByTestId('personal-first-name').fill('x'.repeat(33));
  await expect(form.getByRole('alert')).toHaveText('First name must be at most 32 characters');
  await owner.getByTestId('personal-first-name').fill(OWNER.firstName);
  await expect(form.getByRole('alert')).toHaveCount(0);

  // A new address asks for the current password before Save can send it.
  await owner.getByTestId('personal-email').fill(OWNER_NEW_EMAIL);
  const password = owner.getByTestId('personal-current-password');
  await expect(password).toBeVisible();
  await expect(form).toContainText('Changing the email needs your current password');
  await expect(save).toBeDisabled();
  await shot(owner, '23-personal-email-needs-password');

  // A wrong one: the server's answer under the field, nothing changed.
  await password.fill(OWNER.password);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(form.getByRole('alert')).toHaveText('Provided current password is incorrect');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();
  await expect(owner.locator('.toast-error')).toHaveCount(0);
  await shot(owner, '24-personal-wrong-password');
  expect(((await (await owner.request.get(url('rest/me'))).json()) as { data: { email: string } }).data.email).toBe(OWNER.email);

  // The right one: saved, the field gone and emptied; the old address hears of it.
  const mailsBefore = mailbox.mails.length;
  await password.fill(ownerPassword);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await save.click();
  await expect(toast(owner, 'Personal settings updated')).toBeVisible();
  await expect(owner.getByTestId('personal-current-password')).toHaveCount(0);
  await expect(owner.getByTestId('personal-email')).toHaveValue(OWNER_NEW_EMAIL);
  await expect(save).toBeDisabled();
  const notice = await mailbox.next(OWNER.email, mailsBefore, 15_000);
  expect(notice.subject).toBe('Your Switchyard email address was changed');
  await expectNoErrors(owner);

  // The new address signs in.
  await owner.getByTestId('settings-back').click();
  await signOut(owner);
  await fillSignin(owner, OWNER_NEW_EMAIL, ownerPassword);
  await expect(owner).toHaveURL(url('workflow'));
});
