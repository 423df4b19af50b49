// The route × role matrix (issue 9 "The locked door"): every route the real app registers is
// collected as it is registered (an onRoute hook on the real Fastify instance), and every REST and
// /api/v1 route is called as each role, against the real servers; the expected answer of every
// cell is written below as data. A REST or /api/v1 route without a row fails the test, so a route
// added later cannot skip the door. Webhooks and the editor's files are public by design and
// listed as such (checked only for the Host rule, and webhooks for the setup rule).
//
// Columns (in this order in each row's string):
//   L  logged out (no cookie / no API key)               on the instance with an owner
//   D  the default user (no owner yet, loopback)         on its own instance; /api/v1 with its key
//   M  the member who owns the row's resources           cookie (REST) / API key (/api/v1)
//   O  another member                                    cookie / API key
//   W  the owner                                         cookie / API key
//   X  the owner's credentials, sent cross-site          Origin https://evil.example, Sec-Fetch-Site cross-site
//   H  the owner's credentials with a foreign Host       Host: evil.example
//   U  an instance without owner bound to 0.0.0.0       no credentials
//   A  the wrong kind of credential                      REST with the owner's API key; /api/v1 with the owner's cookie
// A cell is a status; '=' after it means "this answer is allowed, but it must neither expose nor
// change the member's resource" (checked by the row). An unauthorised success is a cell that
// expected a refusal (>= 400) and got less, or a '=' cell whose check failed: there must be none.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteOptions } from 'fastify';
import { startServer, type TestServer } from './helpers.ts';
import { addMember, api, freshAddress, setupOwner, simpleWorkflow, startMailbox, type Account, type Answer, type Mailbox } from './accountHelpers.ts';
import { startServer as startHttp, json } from '../nodes/httpServer.ts';

// ------------------------------------------------------------ every registered route

const registered = vi.hoisted(() => new Map<string, { method: string; url: string; public: boolean }>());

vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const original = mod.default as unknown as (opts?: object) => import('fastify').FastifyInstance;
  // The real factory; the instance only gets a hook that writes down each route it registers.
  const wrapped = (opts?: object) => {
    const app = original(opts);
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        registered.set(`${method} ${route.url}`, { method, url: route.url, public: (route.config as { auth?: string } | undefined)?.auth === 'public' });
      }
    });
    return app;
  };
  return { ...mod, default: wrapped, fastify: wrapped };
});

// ------------------------------------------------------------ roles and fixtures

const ROLES = ['L', 'D', 'M', 'O', 'W', 'X', 'H', 'U', 'A'] as const;
type Role = (typeof ROLES)[number];
/**
 * Two more columns follow from the written ones: the same request with the path's first letter
 * percent-encoded ('/%72est/…', which the router decodes to the same route) must answer as L
 * (column E) and as X (column Y) — the door is decided by the route, not by how its URL is spelt.
 */
const DERIVED = { E: 'L', Y: 'X' } as const;
type Column = Role | keyof typeof DERIVED;
const COLUMNS: Column[] = [...ROLES, 'E', 'Y'];
const ROLE_NAMES: Record<Column, string> = { L: 'logged out', D: 'default user', M: 'member', O: 'other member', W: 'owner', X: 'cross-site', H: 'foreign Host', U: 'unowned 0.0.0.0', A: 'wrong credential kind', E: 'logged out, encoded path', Y: 'cross-site, encoded path' };
const encodedPath = (url: string) => url.replace(/^\/(.)/, (_m, c: string) => `/%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

const HOST = 'localhost:5678';
const CROSS_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

interface Subject {
  id: string;
  email: string;
  password: string;
}

interface Ids {
  wf: string;
  wfActive: string;
  cred: string;
  exec: string;
  failedExec: string;
  binaryId: string;
  tag: string;
  pending: string;
  inviter: string;
  /** OAuth credentials of the member (the connect flow's routes). */
  oauth2Cred: string;
  oauth1Cred: string;
}

interface Env {
  name: 'owned' | 'default' | 'unowned';
  s: TestServer;
  base?: string;
  ids: Ids;
  make: {
    workflow(): Promise<string>;
    webhookWorkflow(): Promise<string>;
    credential(): Promise<string>;
    execution(): Promise<string>;
    waiting(): Promise<string>;
    tag(): Promise<string>;
    pending(): Promise<string>;
    resetToken(): Promise<{ token: string; userId: string }>;
  };
}

interface Fix {
  env: Env;
  role: Role;
  /** Whose name, email and password a body carries (the acting user's own). */
  acting: Subject;
  /** A number unique to this cell, for names. */
  n: number;
}

interface Req {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Row {
  cells: string;
  call(f: Fix): Promise<Req> | Req;
  /** For '=' cells: why the answer exposed or changed the member's resource, or undefined. */
  check?(f: Fix, a: Answer, req: Req): Promise<string | undefined> | string | undefined;
  /** 'late': after the /api/v1 rows (rotates API keys); 'last': after everything (sets up an owner). */
  order?: 'late' | 'last';
  /** 'http': a real connection (the answer is an event stream that inject would wait on). */
  transport?: 'http';
}

const noId = (id: () => string) => (_f: Fix, a: Answer) => (JSON.stringify(a.body).includes(id()) ? `the answer lists the member's ${id()}` : undefined);

let cellNumber = 0;
const workflowBody = (f: Fix) => simpleWorkflow(`matrix ${f.n}`);
const webhookWorkflowBody = (name: string, path: string) => ({
  name,
  nodes: [{ id: 'hook', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: path, parameters: { path, httpMethod: 'POST', options: {} } }],
  connections: {},
  settings: { executionOrder: 'v1' },
});

// ------------------------------------------------------------ the REST rows

const OPTIONS_CALL = { nodeTypeAndVersion: { name: 'n8n-nodes-base.merge', version: 3 }, path: 'useDataOfInput', methodName: 'getInputs', currentNodeParameters: { numberInputs: 3 } };
const LOCATOR_CALL = { nodeTypeAndVersion: { name: 'n8n-nodes-base.executeWorkflow', version: 1.3 }, path: 'workflowId', methodName: 'searchWorkflows', currentNodeParameters: {} };
/** The GET forms carry JSON values as strings. */
const stringified = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));

const REST: Record<string, Row> = {
  // Public: sign-in, setup, recovery, settings.
  'GET /rest/settings': { cells: '200 200 200 200 200 200 421 200 200', call: () => ({ url: '/rest/settings' }) },
  'GET /rest/versions/:version': { cells: '200 200 200 200 200 200 421 200 200', call: () => ({ url: '/rest/versions/0.1.0' }) },
  // The templates host: public, read-only catalogue data, like n8n's.
  'GET /rest/templates-host/health': { cells: '200 200 200 200 200 200 421 200 200', call: () => ({ url: '/rest/templates-host/health' }) },
  'GET /rest/templates-host/templates/categories': { cells: '200 200 200 200 200 200 421 200 200', call: () => ({ url: '/rest/templates-host/templates/categories' }) },
  'GET /rest/templates-host/templates/collections': { cells: '200 200 200 200 200 200 421 200 200', call: () => ({ url: '/rest/templates-host/templates/collections?search=data' }) },
  'GET /rest/templates-host/templates/workflows': { cells: '200 200 200 200 200 200 421 200 200', call: () => ({ url: '/rest/templates-host/templates/workflows?skip=0&rows=10' }) },
  'GET /rest/templates-host/templates/collections/:id': { cells: '200 200 200 200 200 200 421 200 200', call: () => ({ url: '/rest/templates-host/templates/collections/1' }) },
  'GET /rest/templates-host/templates/workflows/:id': { cells: '200 200 200 200 200 200 421 200 200', call: () => ({ url: '/rest/templates-host/templates/workflows/1' }) },
  'GET /rest/templates-host/workflows/templates/:id': { cells: '200 200 200 200 200 200 421 200 200', call: () => ({ url: '/rest/templates-host/workflows/templates/1' }) },
  'OPTIONS /rest/templates-host/*': { cells: '204 204 204 204 204 204 421 204 204', call: () => ({ url: '/rest/templates-host/templates/workflows' }) },
  'GET /rest/login': { cells: '401 200 200 200 200 200 421 401 401', call: () => ({ url: '/rest/login' }) },
  'POST /rest/login': { cells: '200 401 200 200 200 403 421 401 200', call: (f) => ({ url: '/rest/login', body: { email: f.acting.email, password: f.acting.password } }) },
  'POST /rest/logout': { cells: '200 200 200 200 200 403 421 200 200', call: () => ({ url: '/rest/logout' }) },
  'POST /rest/owner': {
    cells: '409 200 409 409 409 403 421 200 409',
    order: 'last',
    call: (f) => ({ url: '/rest/owner', body: { email: `new-owner-${f.n}@example.com`, firstName: 'New', lastName: 'Owner', password: 'NewOwner123' } }),
  },
  'POST /rest/owner/skip-setup': { cells: '409 200 409 409 409 403 421 400 409', call: () => ({ url: '/rest/owner/skip-setup' }) },
  'GET /rest/resolve-signup-token': { cells: '200 400 200 200 200 200 421 400 200', call: (f) => ({ url: `/rest/resolve-signup-token?inviterId=${f.env.ids.inviter}&inviteeId=${f.env.ids.pending}` }) },
  'POST /rest/users/:id': {
    cells: '200 400 200 200 200 403 421 400 200',
    call: async (f) => ({ url: `/rest/users/${await f.env.make.pending()}`, body: { inviterId: f.env.ids.inviter, firstName: 'Signed', lastName: 'Up', password: 'SignedUp123' } }),
  },
  'POST /rest/forgot-password': { cells: '200 200 200 200 200 403 421 200 200', call: (f) => ({ url: '/rest/forgot-password', body: { email: `nobody-${f.n}@example.com` } }) },
  'GET /rest/resolve-password-token': {
    cells: '200 404 200 200 200 200 421 404 200',
    call: async (f) => {
      const { token, userId } = await f.env.make.resetToken();
      return { url: `/rest/resolve-password-token?token=${encodeURIComponent(token)}&userId=${userId}` };
    },
  },
  'POST /rest/change-password': {
    cells: '200 404 200 200 200 403 421 404 200',
    call: async (f) => ({ url: '/rest/change-password', body: { ...(await f.env.make.resetToken()), password: 'Reset12345' } }),
  },

  // The editor's data.
  'GET /rest/node-types': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/rest/node-types' }) },
  'GET /rest/options/timezones': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/rest/options/timezones' }) },
  'GET /rest/push': { cells: '401 200 200 200 200 200 421 403 401', transport: 'http', call: (f) => ({ url: `/rest/push?pushRef=matrix-${f.n}` }) },
  // Remote options (spec 001 §7) and the workflow picker's list search: only workflows the caller may see.
  'GET /rest/node-parameter-options': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: `/rest/node-parameter-options?${new URLSearchParams(stringified(OPTIONS_CALL))}` }) },
  'POST /rest/dynamic-node-parameters/options': { cells: '401 200 200 200 200 403 421 403 401', call: () => ({ url: '/rest/dynamic-node-parameters/options', body: OPTIONS_CALL }) },
  'GET /rest/dynamic-node-parameters/resource-locator-results': {
    cells: '401 200 200 200= 200 200 421 403 401',
    call: () => ({ url: `/rest/dynamic-node-parameters/resource-locator-results?${new URLSearchParams(stringified(LOCATOR_CALL))}` }),
    check: (f, a) => noId(() => `"value":"${f.env.ids.wf}"`)(f, a),
  },
  'POST /rest/dynamic-node-parameters/resource-locator-results': {
    cells: '401 200 200 200= 200 403 421 403 401',
    call: () => ({ url: '/rest/dynamic-node-parameters/resource-locator-results', body: LOCATOR_CALL }),
    check: (f, a) => noId(() => `"value":"${f.env.ids.wf}"`)(f, a),
  },

  // Workflows.
  'GET /rest/workflows': { cells: '401 200 200 200= 200 200 421 403 401', call: () => ({ url: '/rest/workflows' }), check: (f, a) => noId(() => f.env.ids.wf)(f, a) },
  'POST /rest/workflows': { cells: '401 200 200 200 200 403 421 403 401', call: (f) => ({ url: '/rest/workflows', body: workflowBody(f) }) },
  'GET /rest/workflows/new': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/rest/workflows/new' }) },
  'GET /rest/workflows/from-url': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: `/rest/workflows/from-url?url=${encodeURIComponent(`${remote.base}/workflow.json`)}`, headers: { 'push-ref': 'matrix' } }) },
  'POST /rest/workflows/run': { cells: '401 200 200 200 200 403 421 403 401', call: (f) => ({ url: '/rest/workflows/run', body: { workflowData: workflowBody(f) } }) },
  'GET /rest/workflows/:id': { cells: '401 200 200 404 200 200 421 403 401', call: (f) => ({ url: `/rest/workflows/${f.env.ids.wf}` }) },
  'PATCH /rest/workflows/:id': { cells: '401 200 200 404 200 403 421 403 401', call: (f) => ({ url: `/rest/workflows/${f.env.ids.wf}`, body: { name: `renamed ${f.n}` } }) },
  'DELETE /rest/workflows/:id': { cells: '401 200 200 404 200 403 421 403 401', call: async (f) => ({ url: `/rest/workflows/${await f.env.make.workflow()}` }) },
  'DELETE /rest/test-webhook/:id': { cells: '401 200 200 404 200 403 421 403 401', call: (f) => ({ url: `/rest/test-webhook/${f.env.ids.wf}` }) },
  'GET /rest/active': { cells: '401 200 200 200= 200 200 421 403 401', call: () => ({ url: '/rest/active' }), check: (f, a) => noId(() => f.env.ids.wfActive)(f, a) },
  'GET /rest/active/error/:id': { cells: '401 200 200 404 200 200 421 403 401', call: (f) => ({ url: `/rest/active/error/${f.env.ids.wf}` }) },

  // Executions.
  'GET /rest/executions': { cells: '401 200 200 200= 200 200 421 403 401', call: () => ({ url: '/rest/executions' }), check: (f, a) => noId(() => `"id":"${f.env.ids.exec}"`)(f, a) },
  'GET /rest/executions/:id': { cells: '401 200 200 404 200 200 421 403 401', call: (f) => ({ url: `/rest/executions/${f.env.ids.exec}` }) },
  'POST /rest/executions/delete': {
    cells: '401 200 200 200= 200 403 421 403 401',
    call: async (f) => ({ url: '/rest/executions/delete', body: { ids: [await f.env.make.execution()] } }),
    check: async (f, _a, req) => {
      const id = (req.body as { ids: string[] }).ids[0]!;
      const row = await f.env.s.server.db.selectFrom('executions').select('id').where('id', '=', Number(id)).executeTakeFirst();
      return row ? undefined : `the member's execution ${id} was deleted`;
    },
  },
  'POST /rest/executions/:id/retry': { cells: '401 200 200 404 200 403 421 403 401', call: (f) => ({ url: `/rest/executions/${f.env.ids.failedExec}/retry` }) },
  'GET /rest/executions-current': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/rest/executions-current' }) },
  'POST /rest/executions-current/:id/stop': { cells: '401 200 200 404 200 403 421 403 401', call: async (f) => ({ url: `/rest/executions-current/${await f.env.make.waiting()}/stop` }) },
  'GET /rest/data/*': { cells: '401 200 200 404 200 200 421 403 401', call: (f) => ({ url: `/rest/data/${encodeURIComponent(f.env.ids.binaryId)}` }) },

  // Tags (shared by everyone; deleting is for the owner and the default user, spec 002 §6).
  'GET /rest/tags': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/rest/tags' }) },
  'POST /rest/tags': { cells: '401 200 200 200 200 403 421 403 401', call: (f) => ({ url: '/rest/tags', body: { name: `tag ${f.n}` } }) },
  'PATCH /rest/tags/:id': { cells: '401 200 200 200 200 403 421 403 401', call: (f) => ({ url: `/rest/tags/${f.env.ids.tag}`, body: { name: `renamed tag ${f.n}` } }) },
  'DELETE /rest/tags/:id': { cells: '401 200 403 403 200 403 421 403 401', call: async (f) => ({ url: `/rest/tags/${await f.env.make.tag()}` }) },

  // Credentials.
  'GET /rest/credential-types': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/rest/credential-types' }) },
  'GET /rest/credential-icon/:credentialName': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/rest/credential-icon/smtp' }) },
  'GET /rest/credential-translation': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/rest/credential-translation?credentialType=smtp' }) },
  'GET /rest/credentials': { cells: '401 200 200 200= 200 200 421 403 401', call: () => ({ url: '/rest/credentials' }), check: (f, a) => noId(() => f.env.ids.cred)(f, a) },
  'POST /rest/credentials': { cells: '401 200 200 200 200 403 421 403 401', call: (f) => ({ url: '/rest/credentials', body: { name: `cred ${f.n}`, type: 'httpHeaderAuth', data: { name: 'X-Key', value: 'v' } } }) },
  'GET /rest/credentials/new': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/rest/credentials/new' }) },
  'POST /rest/credentials/test': { cells: '401 200 200 200 200 403 421 403 401', call: () => ({ url: '/rest/credentials/test', body: { credentials: { type: 'httpHeaderAuth', data: { name: 'X-Key', value: 'v' } } } }) },
  'GET /rest/credentials/:id': { cells: '401 200 200 404 200 200 421 403 401', call: (f) => ({ url: `/rest/credentials/${f.env.ids.cred}` }) },
  // The same route with its decrypted data: only the credential's own user (and before setup, the default user).
  'GET /rest/credentials/:id?includeData=true': { cells: '401 200 200 404 403 403 421 403 401', call: (f) => ({ url: `/rest/credentials/${f.env.ids.cred}?includeData=true` }) },
  'PATCH /rest/credentials/:id': { cells: '401 200 200 404 403 403 421 403 401', call: (f) => ({ url: `/rest/credentials/${f.env.ids.cred}`, body: { name: `cred renamed ${f.n}` } }) },
  'DELETE /rest/credentials/:id': { cells: '401 200 200 404 200 403 421 403 401', call: async (f) => ({ url: `/rest/credentials/${await f.env.make.credential()}` }) },
  // OAuth connect flow: the authorization URL only for the credential's own user; a callback
  // whose state this instance did not issue to the caller stores nothing (400 page).
  'GET /rest/oauth2-credential/auth': { cells: '401 200 200 404 403 403 421 403 401', call: (f) => ({ url: `/rest/oauth2-credential/auth?id=${f.env.ids.oauth2Cred}` }) },
  'GET /rest/oauth2-credential/callback': { cells: '401 400 400 400 400 400 421 403 401', call: () => ({ url: '/rest/oauth2-credential/callback?code=c&state=not-issued' }) },
  'GET /rest/oauth1-credential/auth': { cells: '401 200 200 404 403 403 421 403 401', call: (f) => ({ url: `/rest/oauth1-credential/auth?id=${f.env.ids.oauth1Cred}` }) },
  'GET /rest/oauth1-credential/callback': { cells: '401 400 400 400 400 400 421 403 401', call: () => ({ url: '/rest/oauth1-credential/callback?oauth_token=rt&oauth_verifier=v&state=not-issued' }) },

  // The signed-in user's own account.
  'GET /rest/me': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/rest/me' }) },
  'PATCH /rest/me': { cells: '401 403 200 200 200 403 421 403 401', call: (f) => ({ url: '/rest/me', body: { firstName: 'Same', lastName: 'Person', email: f.acting.email } }) },
  'PATCH /rest/me/password': { cells: '401 403 200 200 200 403 421 403 401', call: (f) => ({ url: '/rest/me/password', body: { currentPassword: f.acting.password, newPassword: f.acting.password } }) },
  'POST /rest/me/survey': { cells: '401 200 200 200 200 403 421 403 401', call: () => ({ url: '/rest/me/survey', body: { version: 'v3', companyType: 'saas' } }) },
  // The prompts service: the signed-in user's own prompts and answers.
  'GET /rest/prompts-service/prompts': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/rest/prompts-service/prompts' }) },
  'POST /rest/prompts-service/prompt': { cells: '401 200 200 200 200 403 421 403 401', call: (f) => ({ url: '/rest/prompts-service/prompt', body: { email: `contact-${f.n}@example.com` } }) },
  'POST /rest/prompts-service/value-survey': { cells: '401 200 200 200 200 403 421 403 401', call: () => ({ url: '/rest/prompts-service/value-survey', body: { value: '9' } }) },
  'GET /rest/prompts-service/prompts/onboarding': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/rest/prompts-service/prompts/onboarding?is_owner=false' }) },
  'POST /rest/prompts-service/prompts/onboarding': { cells: '401 200 200 200 200 403 421 403 401', call: () => ({ url: '/rest/prompts-service/prompts/onboarding', body: { email: null } }) },
  'POST /rest/prompts-service/accounts/onboarding': { cells: '401 200 200 200 200 403 421 403 401', call: (f) => ({ url: '/rest/prompts-service/accounts/onboarding', body: { email: `call-${f.n}@example.com`, agree: true } }) },
  // What users answered, with the addresses they gave: the owner's (and the default user's) only.
  'GET /rest/prompt-answers': { cells: '401 200 403 403 200 200 421 403 401', call: () => ({ url: '/rest/prompt-answers' }) },
  'GET /rest/prompt-answers.csv': { cells: '401 200 403 403 200 200 421 403 401', call: () => ({ url: '/rest/prompt-answers.csv' }) },
  'GET /rest/me/api-key': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/rest/me/api-key' }) },
  'POST /rest/me/api-key': { cells: '401 200 200 200 200 403 421 403 401', order: 'late', call: () => ({ url: '/rest/me/api-key' }) },
  'DELETE /rest/me/api-key': { cells: '401 200 200 200 200 403 421 403 401', order: 'late', call: () => ({ url: '/rest/me/api-key' }) },

  // Community packages (spec 000 §2: the owner or the default user). Bodies that reach the
  // service are refused for what they name (no package is installed by the matrix).
  'GET /rest/nodes': { cells: '401 200 403 403 200 200 421 403 401', call: () => ({ url: '/rest/nodes' }) },
  'POST /rest/nodes': { cells: '401 400 403 403 400 403 421 403 401', call: () => ({ url: '/rest/nodes', body: { name: 'left-pad' } }) },
  'PATCH /rest/nodes': { cells: '401 404 403 403 404 403 421 403 401', call: () => ({ url: '/rest/nodes', body: { name: 'n8n-nodes-not-installed' } }) },
  'DELETE /rest/nodes': { cells: '401 404 403 403 404 403 421 403 401', call: () => ({ url: '/rest/nodes', body: { name: 'n8n-nodes-not-installed' } }) },
  'GET /rest/community-packages/count': { cells: '401 200 403 403 200 200 421 403 401', call: () => ({ url: '/rest/community-packages/count' }) },
  'GET /rest/node-icon/:nodeType': { cells: '401 404 404 404 404 404 421 403 401', call: () => ({ url: '/rest/node-icon/n8n-nodes-none.none' }) },

  // Users (the owner's; the default user lists them to show the setup prompt).
  'GET /rest/users': { cells: '401 200 403 403 200 200 421 403 401', call: () => ({ url: '/rest/users' }) },
  'POST /rest/users': { cells: '401 403 403 403 200 403 421 403 401', call: (f) => ({ url: '/rest/users', body: [{ email: `invitee-${f.n}@example.com` }] }) },
  'POST /rest/users/:id/reinvite': { cells: '401 403 403 403 200 403 421 403 401', call: (f) => ({ url: `/rest/users/${f.env.ids.pending}/reinvite` }) },
  'DELETE /rest/users/:id': { cells: '401 403 403 403 200 403 421 403 401', call: async (f) => ({ url: `/rest/users/${await f.env.make.pending()}` }) },

  // The wall (issue 18): its tokens are the owner's (and the default user's); its reads follow
  // the workflows (a wall token's own column is in tests/server/wall.test.ts: 401 everywhere else).
  'POST /rest/wall/tokens': { cells: '401 200 403 403 200 403 421 403 401', call: (f) => ({ url: '/rest/wall/tokens', body: { label: `wall ${f.n}`, workflowIds: [f.env.ids.wf] } }) },
  'GET /rest/wall/tokens': { cells: '401 200 403 403 200 200 421 403 401', call: () => ({ url: '/rest/wall/tokens' }) },
  'DELETE /rest/wall/tokens/:id': {
    cells: '401 200 403 403 200 403 421 403 401',
    call: async (f) => ({ url: `/rest/wall/tokens/${(await f.env.s.server.context.wall.tokens.create({ label: `wall ${f.n}`, workflowIds: [f.env.ids.wf], tokenHash: sha256(`matrix-wall-${f.env.name}-${f.n}`), createdBy: null })).id}` }),
  },
  'GET /rest/wall/workflows': { cells: '401 200 200 404 200 200 421 403 401', call: (f) => ({ url: `/rest/wall/workflows?ids=${f.env.ids.wf}` }) },
  'GET /rest/wall/stream': { cells: '401 200 200 404 200 200 421 403 401', transport: 'http', call: (f) => ({ url: `/rest/wall/stream?ids=${f.env.ids.wf}` }) },
};

// ------------------------------------------------------------ the /api/v1 rows

const tagIdsBody = (f: Fix) => [{ id: f.env.ids.tag }];
const API: Record<string, Row> = {
  'GET /api/v1/workflows': { cells: '401 200 200 200= 200 200 421 403 401', call: () => ({ url: '/api/v1/workflows' }), check: (f, a) => noId(() => `"id":"${f.env.ids.wf}"`)(f, a) },
  'POST /api/v1/workflows': { cells: '401 200 200 200 200 200 421 403 401', call: (f) => ({ url: '/api/v1/workflows', body: { name: `api ${f.n}`, nodes: workflowBody(f).nodes, connections: workflowBody(f).connections, settings: {} } }) },
  'GET /api/v1/workflows/:id': { cells: '401 200 200 404 200 200 421 403 401', call: (f) => ({ url: `/api/v1/workflows/${f.env.ids.wf}` }) },
  'PUT /api/v1/workflows/:id': { cells: '401 200 200 404 200 200 421 403 401', call: (f) => ({ url: `/api/v1/workflows/${f.env.ids.wf}`, body: { name: `api put ${f.n}`, nodes: workflowBody(f).nodes, connections: workflowBody(f).connections, settings: {} } }) },
  'DELETE /api/v1/workflows/:id': { cells: '401 200 200 404 200 200 421 403 401', call: async (f) => ({ url: `/api/v1/workflows/${await f.env.make.workflow()}` }) },
  'POST /api/v1/workflows/:id/activate': { cells: '401 200 200 404 200 200 421 403 401', call: async (f) => ({ url: `/api/v1/workflows/${await f.env.make.webhookWorkflow()}/activate` }) },
  'POST /api/v1/workflows/:id/deactivate': { cells: '401 200 200 404 200 200 421 403 401', call: (f) => ({ url: `/api/v1/workflows/${f.env.ids.wf}/deactivate` }) },
  'GET /api/v1/workflows/:id/tags': { cells: '401 200 200 404 200 200 421 403 401', call: (f) => ({ url: `/api/v1/workflows/${f.env.ids.wf}/tags` }) },
  'PUT /api/v1/workflows/:id/tags': { cells: '401 200 200 404 200 200 421 403 401', call: (f) => ({ url: `/api/v1/workflows/${f.env.ids.wf}/tags`, body: tagIdsBody(f) }) },
  'GET /api/v1/executions': { cells: '401 200 200 200= 200 200 421 403 401', call: () => ({ url: '/api/v1/executions' }), check: (f, a) => noId(() => `"id":${f.env.ids.exec},`)(f, a) ?? noId(() => `"id":"${f.env.ids.exec}"`)(f, a) },
  'GET /api/v1/executions/:id': { cells: '401 200 200 404 200 200 421 403 401', call: (f) => ({ url: `/api/v1/executions/${f.env.ids.exec}` }) },
  'DELETE /api/v1/executions/:id': { cells: '401 200 200 404 200 200 421 403 401', call: async (f) => ({ url: `/api/v1/executions/${await f.env.make.execution()}` }) },
  'POST /api/v1/credentials': { cells: '401 200 200 200 200 200 421 403 401', call: (f) => ({ url: '/api/v1/credentials', body: { name: `api cred ${f.n}`, type: 'httpHeaderAuth', data: { name: 'X-Key', value: 'v' } } }) },
  'DELETE /api/v1/credentials/:id': { cells: '401 200 200 404 200 200 421 403 401', call: async (f) => ({ url: `/api/v1/credentials/${await f.env.make.credential()}` }) },
  'GET /api/v1/credentials/schema/:credentialTypeName': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/api/v1/credentials/schema/httpHeaderAuth' }) },
  'GET /api/v1/tags': { cells: '401 200 200 200 200 200 421 403 401', call: () => ({ url: '/api/v1/tags' }) },
  'POST /api/v1/tags': { cells: '401 201 201 201 201 201 421 403 401', call: (f) => ({ url: '/api/v1/tags', body: { name: `api tag ${f.n}` } }) },
  'GET /api/v1/tags/:id': { cells: '401 200 200 200 200 200 421 403 401', call: (f) => ({ url: `/api/v1/tags/${f.env.ids.tag}` }) },
  'PUT /api/v1/tags/:id': { cells: '401 200 200 200 200 200 421 403 401', call: (f) => ({ url: `/api/v1/tags/${f.env.ids.tag}`, body: { name: `api renamed ${f.n}` } }) },
  'DELETE /api/v1/tags/:id': { cells: '401 200 403 403 200 200 421 403 401', call: async (f) => ({ url: `/api/v1/tags/${await f.env.make.tag()}` }) },
  // The OpenAPI document is public (the docs page reads it without a key).
  'GET /api/v1/openapi.json': { cells: '200 200 200 200 200 200 421 200 200', call: () => ({ url: '/api/v1/openapi.json' }) },
  'GET /api/v1/openapi.yml': { cells: '200 200 200 200 200 200 421 200 200', call: () => ({ url: '/api/v1/openapi.yml' }) },
};

/** Routes under /api/v1 answered to everyone by design: the interactive docs and their files, and the 404 for unknown paths. */
const API_PUBLIC_PREFIXES = ['/api/v1/docs'];
const API_NOT_FOUND = '/api/v1/*';

/** Everything outside /rest and /api: public by design. */
const PUBLIC_BY_DESIGN: Record<string, string> = {
  '/webhook/*': 'production webhooks (callers authenticate per workflow, if at all)',
  '/webhook-test/*': 'test webhooks (answer only while the editor listens)',
  '/webhook-waiting/*': 'resume URLs of waiting executions (unguessable per execution)',
  '/form/*': 'hosted forms of active Form Triggers (public like their webhooks)',
  '/form-test/*': 'test forms (answer only while the editor listens)',
  '/form-waiting/*': 'next pages of running multi-page forms (per execution)',
  '/': "the editor's page",
  '/*': "the editor's files and history-mode pages",
  '/healthz': 'liveness for load balancers and orchestrators (answers only {status})',
  '/healthz/readiness': 'readiness: whether the database answers (no data)',
  '/metrics': 'Prometheus metrics when SWITCHYARD_METRICS is on (counts and durations, no workflow data), as n8n serves them',
};

// ------------------------------------------------------------ servers and fixtures

let mailbox: Mailbox;
let remote: Awaited<ReturnType<typeof startHttp>>;
const envs = {} as Record<Env['name'], Env>;
let owner: Account;
let member: Account;
let other: Account;
let resetUser: Account;
let defaultUserId: string;
const keys = new Map<string, string>();

async function sessionCookie(env: Env, userId: string): Promise<string> {
  const user = await env.s.server.context.repos.users.get(userId);
  if (!user) throw new Error(`no user ${userId}`);
  return `switchyard-auth=${encodeURIComponent(await env.s.server.context.auth.sessions.create(user))}`;
}

async function asUser(env: Env, userId: string | undefined, method: string, url: string, body?: unknown): Promise<Answer> {
  const cookie = userId && env.name === 'owned' ? await sessionCookie(env, userId) : undefined;
  const r = await api(env.s, method, url, body, { cookie, headers: { host: HOST } });
  if (r.status >= 300) throw new Error(`fixture ${method} ${url}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
}

async function waitForExecution(env: Env, id: string, done: (status: string) => boolean): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    const row = await env.s.server.db.selectFrom('executions').select('status').where('id', '=', Number(id)).executeTakeFirst();
    if (row && done(row.status)) return;
    if (Date.now() > until) throw new Error(`execution ${id} stayed ${row?.status}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Fixtures of one instance, owned by `userId` (the member; the default user before setup). */
function makers(env: Env, userId: string | undefined): Env['make'] {
  let seq = 0;
  const runOf = async (workflowData: unknown, done: (status: string) => boolean) => {
    const r = await asUser(env, userId, 'POST', '/rest/workflows/run', { workflowData });
    const id = r.body.data.executionId as string;
    await waitForExecution(env, id, done);
    return id;
  };
  return {
    async workflow() {
      return (await asUser(env, userId, 'POST', '/rest/workflows', simpleWorkflow(`fixture ${env.name} ${++seq}`))).body.data.id;
    },
    async webhookWorkflow() {
      const path = `matrix-${env.name}-${++seq}`;
      return (await asUser(env, userId, 'POST', '/rest/workflows', webhookWorkflowBody(path, path))).body.data.id;
    },
    async credential() {
      return (await asUser(env, userId, 'POST', '/rest/credentials', { name: `fixture cred ${++seq}`, type: 'httpHeaderAuth', data: { name: 'X-Key', value: 'fixture' } })).body.data.id;
    },
    async execution() {
      const wf = await asUser(env, userId, 'POST', '/rest/workflows', simpleWorkflow(`fixture run ${++seq}`));
      return runOf(wf.body.data, (st) => st === 'success');
    },
    async waiting() {
      const wf = simpleWorkflow(`fixture wait ${++seq}`, [{ id: 'wait', name: 'Wait', type: 'n8n-nodes-base.wait', typeVersion: 1.1, position: [440, 0], parameters: { resume: 'timeInterval', amount: 2, unit: 'hours' } }]) as { connections: Record<string, unknown> };
      wf.connections.Set = { main: [[{ node: 'Wait', type: 'main', index: 0 }]] };
      return runOf(wf, (st) => st === 'waiting');
    },
    async tag() {
      return (await asUser(env, userId, 'POST', '/rest/tags', { name: `fixture tag ${env.name} ${++seq}` })).body.data.id;
    },
    async pending() {
      if (env.name !== 'owned') return 'no-such-user-0001';
      const r = await asUser(env, owner.id, 'POST', '/rest/users', [{ email: `pending-${++seq}@example.com` }]);
      return r.body.data[0].user.id;
    },
    async resetToken() {
      if (env.name !== 'owned') return { token: 'no-such-token', userId: 'no-such-user-0001' };
      const token = `reset-token-${++seq}-${Math.random().toString(36).slice(2)}`;
      await env.s.server.context.repos.users.setResetToken(resetUser.id, sha256(token), new Date(Date.now() + 10 * 60_000).toISOString());
      return { token, userId: resetUser.id };
    },
  };
}

/** The member's (or default user's) standing resources on an instance. */
async function standing(env: Env, userId: string | undefined): Promise<Ids> {
  const m = env.make;
  const wf = await m.workflow();
  const exec = await m.execution();
  const failing = simpleWorkflow('fixture failing', [{ id: 'stop', name: 'Stop and Error', type: 'n8n-nodes-base.stopAndError', typeVersion: 1, position: [440, 0], parameters: { errorMessage: 'planned' } }]) as { connections: Record<string, unknown> };
  failing.connections.Set = { main: [[{ node: 'Stop and Error', type: 'main', index: 0 }]] };
  const saved = await asUser(env, userId, 'POST', '/rest/workflows', failing);
  const run = await asUser(env, userId, 'POST', '/rest/workflows/run', { workflowData: saved.body.data });
  const failedExec = run.body.data.executionId as string;
  await waitForExecution(env, failedExec, (st) => st === 'error');
  // An active webhook workflow that received a file: its binary data is on disk under its execution.
  const path = `upload-${env.name}`;
  const hook = await asUser(env, userId, 'POST', '/rest/workflows', webhookWorkflowBody(`fixture upload ${env.name}`, path));
  const wfActive = hook.body.data.id as string;
  await asUser(env, userId, 'PATCH', `/rest/workflows/${wfActive}`, { active: true });
  const upload = await env.s.server.app.inject({ method: 'POST', url: `/webhook/${path}`, headers: { host: HOST, 'content-type': 'image/png' }, payload: Buffer.alloc(2000, 7) });
  if (upload.statusCode !== 200) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
  let binaryId = '';
  const until = Date.now() + 10_000;
  while (!binaryId) {
    const row = await env.s.server.db.selectFrom('executions').select(['id', 'status']).where('workflowId', '=', wfActive).executeTakeFirst();
    if (row?.status === 'success') {
      const e = await asUser(env, userId, 'GET', `/rest/executions/${row.id}`);
      binaryId = e.body.data.data.resultData.runData.Webhook[0].data.main[0][0].binary.data.id;
    } else if (Date.now() > until) throw new Error('upload execution did not finish');
    else await new Promise((r) => setTimeout(r, 10));
  }
  const oauth = async (type: string, data: Record<string, unknown>) => (await asUser(env, userId, 'POST', '/rest/credentials', { name: `fixture ${type}`, type, data })).body.data.id as string;
  const oauth2Cred = await oauth('oAuth2Api', { authUrl: 'https://idp.example/auth', accessTokenUrl: 'https://idp.example/token', clientId: 'c', clientSecret: 's' });
  const oauth1Cred = await oauth('oAuth1Api', { authUrl: `${remote.base}/oauth1/authorize`, accessTokenUrl: `${remote.base}/oauth1/access_token`, requestTokenUrl: `${remote.base}/oauth1/request_token`, consumerKey: 'k', consumerSecret: 's', signatureMethod: 'HMAC-SHA1' });
  return { wf, wfActive, cred: await m.credential(), exec, failedExec, binaryId, tag: await m.tag(), pending: await m.pending(), inviter: env.name === 'owned' ? owner.id : 'no-such-user-0002', oauth2Cred, oauth1Cred };
}

const baseEnv = {
  SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true',
  SWITCHYARD_BINARY_DATA_INLINE_MAX: '100',
  // So that /metrics is registered and has to be listed below.
  SWITCHYARD_METRICS: 'true',
};

beforeAll(async () => {
  mailbox = await startMailbox();
  remote = await startHttp({ '/workflow.json': json(200, simpleWorkflow('From a URL')), '/oauth1/request_token': json(200, { oauth_token: 'rt', oauth_token_secret: 'rts' }), '/-/v1/search': json(200, { objects: [], total: 1234 }) });
  // The community package count asks this local "registry", not the internet.
  const env = { ...baseEnv, ...mailbox.env, SWITCHYARD_COMMUNITY_PACKAGES_REGISTRY: `${remote.base}/` };

  const owned: Env = { name: 'owned', s: await startServer(env), ids: {} as Ids, make: undefined as never };
  envs.owned = owned;
  owner = await setupOwner(owned.s);
  member = await addMember(owned.s, mailbox, owner, 'member@example.com', 'MemberPass1', 'Member');
  other = await addMember(owned.s, mailbox, owner, 'other@example.com', 'OtherPass1', 'Other');
  resetUser = await addMember(owned.s, mailbox, owner, 'reset@example.com', 'ResetPass1', 'Reset');
  owned.make = makers(owned, member.id);
  owned.ids = await standing(owned, member.id);
  owned.base = await owned.s.server.listen();
  for (const u of [owner, member, other]) keys.set(u.id, (await asUser(owned, u.id, 'POST', '/rest/me/api-key')).body.data.apiKey);

  const def: Env = { name: 'default', s: await startServer(env), ids: {} as Ids, make: undefined as never };
  envs.default = def;
  defaultUserId = (await asUser(def, undefined, 'GET', '/rest/me')).body.data.id;
  def.make = makers(def, undefined);
  def.ids = await standing(def, undefined);
  def.base = await def.s.server.listen();
  keys.set(defaultUserId, (await asUser(def, undefined, 'POST', '/rest/me/api-key')).body.data.apiKey);

  const unowned: Env = { name: 'unowned', s: await startServer({ ...env, SWITCHYARD_HOST: '0.0.0.0', SWITCHYARD_PORT: '0' }), ids: {} as Ids, make: undefined as never };
  envs.unowned = unowned;
  unowned.make = makers(unowned, undefined);
  unowned.make.workflow = unowned.make.credential = unowned.make.tag = unowned.make.webhookWorkflow = async () => 'no-such-thing-01';
  unowned.make.execution = unowned.make.waiting = async () => '999999';
  unowned.ids = { wf: 'no-such-thing-01', wfActive: 'no-such-thing-02', cred: 'no-such-thing-03', exec: '999999', failedExec: '999998', binaryId: 'filesystem-v2:executions/999999/binary_data/x', tag: 'no-such-thing-04', pending: 'no-such-user-0001', inviter: 'no-such-user-0002', oauth2Cred: 'no-such-thing-05', oauth1Cred: 'no-such-thing-06' };
}, 60_000);

afterAll(async () => {
  for (const env of Object.values(envs)) await env.s.dispose();
  await remote?.close();
  await mailbox?.close();
});

// ------------------------------------------------------------ calling a cell

const placeholder: Subject = { id: 'no-such-user-0003', email: 'placeholder@example.com', password: 'Placeholder1' };

function subjectOf(role: Role): Subject {
  switch (role) {
    case 'L':
      return member;
    case 'M':
      return member;
    case 'O':
      return other;
    case 'W':
    case 'X':
    case 'H':
    case 'A':
      return owner;
    default:
      return { ...placeholder, id: role === 'D' ? defaultUserId : placeholder.id };
  }
}

async function credentialsFor(role: Role, env: Env, kind: 'rest' | 'api'): Promise<Record<string, string>> {
  const headers: Record<string, string> = { host: HOST };
  const cookieOf = async (u: Account) => ({ cookie: await sessionCookie(env, u.id) });
  const keyOf = (id: string) => ({ 'x-n8n-api-key': keys.get(id)! });
  switch (role) {
    case 'L':
    case 'U':
      return headers;
    case 'D':
      return kind === 'api' ? { ...headers, ...keyOf(defaultUserId) } : headers;
    case 'M':
    case 'O':
    case 'W': {
      const u = role === 'M' ? member : role === 'O' ? other : owner;
      return { ...headers, ...(kind === 'api' ? keyOf(u.id) : await cookieOf(u)) };
    }
    case 'X':
      return { ...headers, ...(kind === 'api' ? keyOf(owner.id) : await cookieOf(owner)), ...CROSS_SITE };
    case 'H':
      return { ...headers, ...(kind === 'api' ? keyOf(owner.id) : await cookieOf(owner)), host: 'evil.example' };
    case 'A':
      return { ...headers, ...(kind === 'api' ? await cookieOf(owner) : keyOf(owner.id)) };
  }
}

function envOf(role: Role): Env {
  return role === 'D' ? envs.default : role === 'U' ? envs.unowned : envs.owned;
}

/** A real request whose answer may be an endless event stream: the status line is the answer. */
function statusOverHttp(env: Env, url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${env.base!.replace(/\/$/, '')}${url}`, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      const done = () => {
        req.destroy();
        let parsed: unknown = body;
        try {
          parsed = JSON.parse(body);
        } catch {
          // the stream's first frame
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers as Answer['headers'], response: undefined as never });
      };
      if (res.headers['content-type']?.startsWith('text/event-stream')) {
        res.once('data', (c: string) => {
          body += c;
          done();
        });
      } else {
        res.on('data', (c: string) => (body += c));
        res.on('end', done);
      }
    });
    req.on('error', reject);
  });
}

interface Result {
  key: string;
  role: Column;
  expected: string;
  actual: number;
  problem?: string;
}

async function runCell(key: string, row: Row, column: Column, kind: 'rest' | 'api'): Promise<Result> {
  const role: Role = column === 'E' || column === 'Y' ? DERIVED[column] : column;
  const env = envOf(role);
  const f: Fix = { env, role, acting: subjectOf(role), n: ++cellNumber };
  const method = key.split(' ')[0]!;
  const expected = row.cells.split(/\s+/)[ROLES.indexOf(role)]!;
  const req = await row.call(f);
  if (column !== role) req.url = encodedPath(req.url);
  const headers = { ...(await credentialsFor(role, env, kind)), ...(req.headers ?? {}) };
  let a: Answer;
  if (row.transport === 'http' && env.base) {
    a = await statusOverHttp(env, req.url, headers);
  } else {
    a = await api(env.s, method, req.url, req.body, { headers, remoteAddress: freshAddress() });
  }
  const result: Result = { key, role: column, expected, actual: a.status };
  const want = Number(expected.replace('=', ''));
  if (a.status !== want) result.problem = `expected ${want}, got ${a.status}: ${JSON.stringify(a.body).slice(0, 200)}`;
  else if (expected.endsWith('=')) result.problem = row.check ? await row.check(f, a, req) : 'no check for a "=" cell';
  return result;
}

function isUnauthorisedSuccess(r: Result): boolean {
  const want = Number(r.expected.replace('=', ''));
  if (want >= 400 && r.actual < 400) return true;
  return r.expected.endsWith('=') && r.actual === want && r.problem !== undefined;
}

// ------------------------------------------------------------ the test

describe('route × role matrix', () => {
  it('every registered route has a row, and every cell answers as written, with 0 unauthorised successes', async () => {
    const routes = [...registered.values()].filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(40);
    const restKeys = new Set<string>();
    const apiKeys = new Set<string>();
    const missing: string[] = [];
    const publicRoutes: string[] = [];
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      if (r.url === '/rest' || r.url.startsWith('/rest/')) {
        restKeys.add(key);
        if (!REST[key]) missing.push(key);
        // A route not marked public must be written as refusing logged-out visitors (401).
        if (!r.public && REST[key] && REST[key].cells.split(/\s+/)[0] !== '401') missing.push(`${key} is not public but its row says logged out gets ${REST[key].cells.split(/\s+/)[0]}`);
      } else if (r.url === '/api/v1' || r.url.startsWith('/api/v1/')) {
        if (r.url === API_NOT_FOUND || API_PUBLIC_PREFIXES.some((p) => r.url === p || r.url.startsWith(`${p}/`))) publicRoutes.push(key);
        else {
          apiKeys.add(key);
          if (!API[key]) missing.push(key);
        }
      } else if (PUBLIC_BY_DESIGN[r.url] !== undefined) {
        publicRoutes.push(key);
      } else {
        missing.push(`${key} (neither /rest, /api/v1 nor listed as public by design)`);
      }
    }
    expect(missing, 'routes without a matrix row').toEqual([]);
    // Rows for routes that are not registered are stale (REST); /api/v1 rows wait for their routes.
    const stale = Object.keys(REST).filter((k) => !restKeys.has(k.split('?')[0]!));
    expect(stale, 'REST rows without a route').toEqual([]);
    const waiting = Object.keys(API).filter((k) => !apiKeys.has(k));

    const rows: Array<[string, Row, 'rest' | 'api']> = [
      ...Object.entries(REST).map(([k, r]) => [k, r, 'rest'] as [string, Row, 'rest']),
      ...Object.entries(API)
        .filter(([k]) => apiKeys.has(k))
        .map(([k, r]) => [k, r, 'api'] as [string, Row, 'api']),
    ];
    const rank = (r: Row) => (r.order === 'last' ? 2 : r.order === 'late' ? 1 : 0);
    rows.sort((a, b) => rank(a[1]) - rank(b[1]) || (a[1].order === 'late' && b[1].order === 'late' ? (a[0].startsWith('POST') ? -1 : 1) : 0));

    const results: Result[] = [];
    const runRows = async (which: typeof rows) => {
      for (const [key, row, kind] of which) {
        // Refusals first, then the roles that may: a success never removes what a refusal is tried on.
        for (const column of ['L', 'E', 'A', 'H', 'X', 'Y', 'U', 'O', 'D', 'M', 'W'] as Column[]) results.push(await runCell(key, row, column, kind));
      }
    };
    await runRows(rows.filter(([, r]) => r.order !== 'last'));

    // Public by design: the Host rule still holds, and webhooks wait for setup on an unowned instance.
    const publicProblems: string[] = [];
    for (const key of publicRoutes) {
      const [method, url] = key.split(' ') as [string, string];
      if (method === 'OPTIONS' && url === '/*') continue;
      const path = url.replace('*', 'matrix-probe');
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
      const foreign = await api(envs.owned.s, method, path, body, { headers: { host: 'evil.example' } });
      if (foreign.status !== 421) publicProblems.push(`${key} with a foreign Host: ${foreign.status}`);
      const open = await api(envs.owned.s, method, path, body, { headers: { host: HOST } });
      if (open.status === 401 || open.status === 403 || open.status >= 500 && open.status !== 503) publicProblems.push(`${key} logged out: ${open.status}`);
      if (url.startsWith('/webhook')) {
        const unowned = await api(envs.unowned.s, method, path, body, { headers: { host: HOST } });
        if (unowned.status !== 503) publicProblems.push(`${key} without an owner on 0.0.0.0: ${unowned.status}`);
      }
    }

    // Last: the rows that set up an owner on the instances without one.
    await runRows(rows.filter(([, r]) => r.order === 'last'));

    const failures = results.filter((r) => r.problem);
    const unauthorised = results.filter(isUnauthorisedSuccess);
    const table = rows.map(([key]) => {
      const cells = COLUMNS.map((role) => {
        const r = results.find((x) => x.key === key && x.role === role)!;
        return `${String(r.actual).padStart(3)}${r.problem ? '!' : ' '}`;
      });
      return `${key.padEnd(52)} ${cells.join(' ')}`;
    });
    console.log(
      [
        `route × role matrix: ${rows.length} routes × ${COLUMNS.length} columns = ${results.length} cells (${rows.filter((r) => r[2] === 'rest').length} REST, ${rows.filter((r) => r[2] === 'api').length} /api/v1)`,
        `columns: ${COLUMNS.map((r) => `${r}=${ROLE_NAMES[r]}`).join(', ')}`,
        `${''.padEnd(52)} ${COLUMNS.map((r) => `  ${r} `).join(' ')}`,
        ...table,
        `public by design (${publicRoutes.length}): ${publicRoutes.join(', ')}`,
        waiting.length ? `/api/v1 rows whose routes are not registered (yet): ${waiting.join(', ')}` : '',
        `unauthorised successes: ${unauthorised.length}`,
      ].join('\n'),
    );
    expect(unauthorised.map((r) => `${r.key} as ${ROLE_NAMES[r.role]}: ${r.problem ?? r.actual}`), 'unauthorised successes').toEqual([]);
    expect(failures.map((r) => `${r.key} as ${ROLE_NAMES[r.role]}: ${r.problem}`)).toEqual([]);
    expect(publicProblems).toEqual([]);
  }, 120_000);
});
