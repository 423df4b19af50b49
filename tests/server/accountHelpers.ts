// Shared by the account tests (issue 9): a real SMTP server on 127.0.0.1 that keeps every mail,
// the session cookie, calls as a signed-in user, and the real flows that make an owner and
// members (setup, invitation mailed through SMTP, sign-up from the mailed link). Every answer
// these helpers see is kept, so a test can prove no password ever came back.
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from './helpers.ts';
import { linkIn, type Mailbox } from './mailbox.ts';

// ---------------------------------------------------------------- mail (tests/server/mailbox.ts)

export { decodeQuotedPrintable, linkIn, startMailbox, type Mailbox, type ReceivedMail } from './mailbox.ts';

// ---------------------------------------------------------------- calls

export interface Answer {
  status: number;
  body: any;
  headers: LightMyRequestResponse['headers'];
  response: LightMyRequestResponse;
}

/** Every answer the helpers saw (status line, headers, body), to search for leaked secrets. */
export const seenAnswers: string[] = [];

export interface CallOptions {
  cookie?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export async function api(s: TestServer, method: string, url: string, payload?: unknown, o: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.cookie) headers.cookie = o.cookie;
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const response = await s.server.app.inject({
    method: method as 'GET',
    url,
    headers,
    payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
    remoteAddress: o.remoteAddress,
  });
  seenAnswers.push(`${response.statusCode} ${JSON.stringify(response.headers)} ${response.body}`);
  let body: any = response.body;
  try {
    body = JSON.parse(response.body);
  } catch {
    // not JSON
  }
  return { status: response.statusCode, body, headers: response.headers, response };
}

/** `switchyard-auth=<token>` from an answer's Set-Cookie, or undefined. */
export function sessionCookieOf(a: Answer): string | undefined {
  const raw = a.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const c = list.find((x) => x.startsWith('switchyard-auth='));
  if (!c) return undefined;
  const value = c.slice('switchyard-auth='.length).split(';')[0]!;
  return value ? `switchyard-auth=${value}` : undefined;
}

/** The raw Set-Cookie line of the session cookie. */
export function setCookieLine(a: Answer): string {
  const raw = a.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const c = list.find((x) => x.startsWith('switchyard-auth='));
  if (!c) throw new Error(`no session cookie set (status ${a.status}: ${JSON.stringify(a.body)})`);
  return c;
}

export function tokenOf(cookie: string): string {
  return decodeURIComponent(cookie.slice('switchyard-auth='.length));
}

/** Asserts that none of `secrets` occurs in any answer seen so far (bodies and headers). */
export function expectNoSecretsInAnswers(secrets: string[]): void {
  for (const secret of secrets) {
    const leaked = seenAnswers.find((a) => a.includes(secret) || a.includes(JSON.stringify(secret).slice(1, -1)));
    expect(leaked, `secret ${secret} appeared in an answer`).toBeUndefined();
  }
}

// ---------------------------------------------------------------- users

export interface Account {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

let addressSeq = 0;
/** A distinct client address per sign-in, so the per-address limit of one test does not bleed into another. */
export function freshAddress(): string {
  addressSeq++;
  return `10.9.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
}

export async function setupOwner(s: TestServer, details: Partial<{ email: string; firstName: string; lastName: string; password: string }> = {}): Promise<Account> {
  const body = { email: 'owner@example.com', firstName: 'Olive', lastName: 'Owner', password: 'OwnerPass1', ...details };
  const r = await api(s, 'POST', '/rest/owner', body);
  if (r.status !== 200) throw new Error(`owner setup: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.data.id, email: body.email, password: body.password, cookie: sessionCookieOf(r)! };
}

export async function signIn(s: TestServer, email: string, password: string): Promise<Answer> {
  return api(s, 'POST', '/rest/login', { email, password }, { remoteAddress: freshAddress() });
}

export async function invite(s: TestServer, owner: Account, emails: string[]): Promise<Answer> {
  return api(s, 'POST', '/rest/users', emails.map((email) => ({ email })), { cookie: owner.cookie });
}

/**
 * A member made the way a person becomes one: the owner invites, the mail arrives at the SMTP
 * server, its sign-up link is resolved and completed; the answer's cookie is their session.
 */
export async function addMember(s: TestServer, mailbox: Mailbox, owner: Account, email: string, password = 'MemberPass1', firstName = 'Mem'): Promise<Account> {
  const before = mailbox.mails.length;
  const r = await invite(s, owner, [email]);
  if (r.status !== 200 || r.body.data[0].error) throw new Error(`invite: ${r.status} ${JSON.stringify(r.body)}`);
  const link = linkIn(await mailbox.next(email, before), '/signup');
  const inviterId = link.searchParams.get('inviterId')!;
  const inviteeId = link.searchParams.get('inviteeId')!;
  const signup = await api(s, 'POST', `/rest/users/${inviteeId}`, { inviterId, firstName, lastName: 'Ber', password });
  if (signup.status !== 200) throw new Error(`sign-up: ${signup.status} ${JSON.stringify(signup.body)}`);
  return { id: inviteeId, email, password, cookie: sessionCookieOf(signup)! };
}

/** A workflow with a manual trigger and one Set node, as the editor saves it. */
export function simpleWorkflow(name: string, extraNodes: unknown[] = []): Record<string, unknown> {
  return {
    name,
    active: false,
    nodes: [
      { id: 'trigger', name: 'When clicking ‘Execute workflow’', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
      {
        id: 'set',
        name: 'Set',
        type: 'n8n-nodes-base.set',
        typeVersion: 3.4,
        position: [220, 0],
        parameters: { assignments: { assignments: [{ id: 'a', name: 'from', value: name, type: 'string' }] }, options: {} },
      },
      ...extraNodes,
    ],
    connections: { 'When clicking ‘Execute workflow’': { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
  };
}

export async function createWorkflow(s: TestServer, who: Account | undefined, name: string, extraNodes: unknown[] = []): Promise<string> {
  const r = await api(s, 'POST', '/rest/workflows', simpleWorkflow(name, extraNodes), { cookie: who?.cookie });
  if (r.status !== 200) throw new Error(`create workflow: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.id;
}

export async function createCredential(s: TestServer, who: Account | undefined, name: string, data: Record<string, unknown> = { name: 'X-Key', value: `secret-of-${name}` }): Promise<string> {
  const r = await api(s, 'POST', '/rest/credentials', { name, type: 'httpHeaderAuth', data }, { cookie: who?.cookie });
  if (r.status !== 200) throw new Error(`create credential: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.id;
}

/** Runs a stored workflow manually and waits until its execution is stored and finished. */
export async function runToEnd(s: TestServer, who: Account | undefined, workflowId: string): Promise<string> {
  const wf = await api(s, 'GET', `/rest/workflows/${workflowId}`, undefined, { cookie: who?.cookie });
  if (wf.status !== 200) throw new Error(`get workflow: ${wf.status}`);
  const r = await api(s, 'POST', '/rest/workflows/run', { workflowData: wf.body.data }, { cookie: who?.cookie });
  if (r.status !== 200) throw new Error(`run: ${r.status} ${JSON.stringify(r.body)}`);
  const id = r.body.data.executionId as string;
  const until = Date.now() + 10_000;
  for (;;) {
    const e = await api(s, 'GET', `/rest/executions/${id}`, undefined, { cookie: who?.cookie });
    if (e.status === 200 && !['new', 'running'].includes(e.body.data.status)) {
      const stored = await s.server.db.selectFrom('executions').select('id').where('id', '=', Number(id)).executeTakeFirst();
      if (stored) return id;
    }
    if (Date.now() > until) throw new Error(`execution ${id} did not finish`);
    await new Promise((r2) => setTimeout(r2, 10));
  }
}
