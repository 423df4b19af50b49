// Settings, node types, options, tags, the auth seam and error shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './helpers.ts';
import type { FrontendSettings } from '../../src/model/api.ts';
import { builtinNodeTypes } from '../../src/nodes/registry.ts';
import { systemTimezone } from '../../src/server/config.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
  // A probe route shows what the auth hook gives every /rest handler.
  s.server.app.get('/rest/test-whoami', async (request) => ({ data: { user: request.user, role: request.role } }));
});
afterAll(async () => {
  await s.dispose();
});

describe('GET /settings', () => {
  it('has every field with the spec defaults', async () => {
    const r = await call(s, 'GET', '/rest/settings');
    expect(r.status).toBe(200);
    const d = r.body.data as FrontendSettings;
    const expected: Omit<FrontendSettings, 'instanceId' | 'versionCli' | 'urlBaseWebhook' | 'urlBaseEditor' | 'oauthCallbackUrls'> = {
      userManagement: { enabled: true, showSetupOnFirstLoad: true, smtpSetup: false, canSkipSetup: true, setupRequired: false },
      publicApi: { enabled: true, latestVersion: 1, path: 'api' },
      templates: { enabled: true, host: '/rest/templates-host/' },
      telemetry: { enabled: false },
      communityNodesEnabled: true,
      isNpmAvailable: true,
      executionMode: 'regular',
      // The machine's zone (config.ts); the spec's America/New_York is the editor's fallback until settings load.
      timezone: systemTimezone({}),
      executionTimeout: -1,
      maxExecutionTimeout: 3600,
      saveDataErrorExecution: 'all',
      saveDataSuccessExecution: 'all',
      saveManualExecutions: false,
      saveExecutionProgress: false,
      endpointWebhook: 'webhook',
      endpointWebhookTest: 'webhook-test',
      endpointWebhookWaiting: 'webhook-waiting',
      defaultLocale: 'en',
      versionNotifications: { enabled: true, endpoint: '/rest/versions/', infoUrl: '' },
      onboardingCallPromptEnabled: true,
      personalizationSurveyEnabled: true,
      prompts: { enabled: true, url: '/rest/prompts-service/' },
      workflowTagsDisabled: false,
      hiringBannerEnabled: false,
      basePath: '/',
      maxWorkflowPayloadBytes: 12582912,
      maxPinnedDataBytes: 12582912,
    };
    expect(d).toMatchObject(expected);
    expect(d.instanceId).toMatch(/^[0-9a-f]{64}$/);
    expect(d.versionCli).toMatch(/^\d+\.\d+\.\d+/);
    expect(d.urlBaseEditor).toBe('http://127.0.0.1:0/');
    expect(d.urlBaseWebhook).toBe(d.urlBaseEditor);
    expect(d.oauthCallbackUrls.oauth2).toBe('http://127.0.0.1:0/rest/oauth2-credential/callback');
    expect(Object.keys(d).sort()).toEqual([...Object.keys(expected), 'instanceId', 'versionCli', 'urlBaseWebhook', 'urlBaseEditor', 'oauthCallbackUrls'].sort());
    expect(r.response.headers['cache-control']).toBe('no-store');
  });

  it('follows the configuration', async () => {
    const other = await startServer({
      SWITCHYARD_TIMEZONE: 'Europe/Berlin',
      SWITCHYARD_EXECUTIONS_TIMEOUT: '120',
      SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true',
      SWITCHYARD_EDITOR_BASE_URL: 'https://flows.example.com/sy',
    });
    const d = (await call(other, 'GET', '/rest/settings')).body.data as FrontendSettings;
    expect(d).toMatchObject({ timezone: 'Europe/Berlin', executionTimeout: 120, saveManualExecutions: true, urlBaseEditor: 'https://flows.example.com/sy/' });
    await other.dispose();
  });
});

describe('other resources', () => {
  it('GET /node-types lists the registry', async () => {
    const r = await call(s, 'GET', '/rest/node-types');
    expect(r.body.data).toEqual(JSON.parse(JSON.stringify(builtinNodeTypes.descriptions())));
    expect(r.body.data.map((d: { name: string }) => d.name)).toEqual(expect.arrayContaining(['n8n-nodes-base.manualTrigger', 'n8n-nodes-base.set', 'n8n-nodes-base.if', 'n8n-nodes-base.noOp']));
  });

  it('GET /options/timezones maps IANA zones to labels', async () => {
    const zones = (await call(s, 'GET', '/rest/options/timezones')).body.data as Record<string, string>;
    expect(Object.keys(zones).length).toBeGreaterThan(300);
    expect(zones['America/New_York']).toMatch(/^America\/New York \(GMT-0[45]:00\)$/);
    expect(zones.UTC).toBe('UTC (GMT+00:00)');
  });

  it('tags: create, rename, list with usage, delete, and validation', async () => {
    const t = (await call(s, 'POST', '/rest/tags', { name: '  ops ' })).body.data;
    expect(t.name).toBe('ops');
    expect((await call(s, 'POST', '/rest/tags', { name: 'ops' })).status).toBe(409);
    expect((await call(s, 'POST', '/rest/tags', { name: ' ' })).body).toEqual({ code: 400, message: 'Tag name cannot be empty' });
    expect((await call(s, 'POST', '/rest/tags', { name: 'x'.repeat(25) })).status).toBe(400);
    expect((await call(s, 'PATCH', `/rest/tags/${t.id}`, { name: 'operations' })).body.data.name).toBe('operations');
    const list = (await call(s, 'GET', '/rest/tags?withUsageCount=true')).body.data;
    expect(list.find((x: { id: string }) => x.id === t.id)).toMatchObject({ name: 'operations', usageCount: 0 });
    expect((await call(s, 'DELETE', `/rest/tags/${t.id}`)).body).toEqual({ data: true });
    expect((await call(s, 'DELETE', `/rest/tags/${t.id}`)).status).toBe(404);
  });

  it('every /rest request carries the default user and role', async () => {
    const r = (await call(s, 'GET', '/rest/test-whoami')).body.data;
    expect(r.role).toBe('default');
    expect(r.user).toMatchObject({ role: 'default', isPending: true });
  });

  it('unknown routes and methods get a JSON 404', async () => {
    expect(await call(s, 'GET', '/rest/nope').then((r) => r.body)).toEqual({ code: 404, message: 'GET /rest/nope not found' });
    expect((await call(s, 'PATCH', '/rest/settings', {})).status).toBe(404);
  });
});
