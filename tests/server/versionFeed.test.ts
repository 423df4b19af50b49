// The version-notification feed (src/server/versions/feed.ts; issue 17): releases from the asked
// version on, newest first, in n8n's shape; settings point the editor at it unless configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareVersions, releases, versionsFrom } from '../../src/server/versions/feed.ts';
import { call, startServer, type TestServer } from './helpers.ts';
import type { VersionInfo } from '../../src/model/api.ts';

const v = (name: string, extra: Partial<VersionInfo> = {}): VersionInfo => ({
  name,
  createdAt: '2026-01-01T00:00:00.000Z',
  description: '',
  documentationUrl: '',
  hasSecurityIssue: false,
  hasSecurityFix: false,
  hasBreakingChange: false,
  nodes: [],
  ...extra,
});

describe('version feed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.dispose());

  it('orders versions numerically and answers those from the asked one on (itself included)', () => {
    expect(compareVersions('0.10.0', '0.9.9')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    const list = [v('1.2.0'), v('1.10.0'), v('1.1.5'), v('0.9.0')].sort((a, b) => compareVersions(b.name, a.name));
    expect(versionsFrom('1.1.5', list).map((x) => x.name)).toEqual(['1.10.0', '1.2.0', '1.1.5']);
    expect(versionsFrom('2.0.0', list)).toEqual([]);
  });

  it('the catalogue holds this version, with every field the editor reads', async () => {
    const pkg = (await import('../../package.json', { with: { type: 'json' } })).default as { version: string };
    const current = releases().find((r) => r.name === pkg.version);
    expect(current, `releases.json has no entry for ${pkg.version}`).toBeDefined();
    for (const r of releases()) {
      expect(typeof r.description).toBe('string');
      expect(Number.isNaN(Date.parse(r.createdAt))).toBe(false);
      expect(typeof r.hasSecurityIssue).toBe('boolean');
      expect(Array.isArray(r.nodes)).toBe(true);
    }
  });

  it('GET /rest/versions/:version answers the array without a session; a bad version is a 400; settings point at it', async () => {
    const res = await call(server, 'GET', '/rest/versions/0.0.1');
    expect(res.status).toBe(200);
    const list = res.body as VersionInfo[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((x) => x.name)).toContain('0.1.0');
    const bad = await call(server, 'GET', '/rest/versions/latest');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/is not a version/);
    const settings = (await call(server, 'GET', '/rest/settings')).body.data;
    expect(settings.versionNotifications).toEqual({ enabled: true, endpoint: '/rest/versions/', infoUrl: '' });
  });
});
