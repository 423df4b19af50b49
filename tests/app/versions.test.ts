// Version notifications in the editor (src/app/stores/VersionsStore.ts, versions/versionsFeed.ts):
// which versions count as updates, the '99+' label, the security warning, and what of a feed's
// answer is kept (a feed is outside input). The drawer and sidebar: tests/e2e/version-notifications.spec.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VersionsStore } from '../../src/app/stores/VersionsStore.ts';
import { compareVersionNames, fetchVersions, updateCountLabel } from '../../src/app/versions/versionsFeed.ts';
import { releasedAgo } from '../../src/app/versions/VersionsDrawer.tsx';
import type { VersionInfo } from '../../src/model/api.ts';

const v = (name: string, extra: Partial<VersionInfo> = {}): VersionInfo => ({ name, createdAt: '', description: '', documentationUrl: '', hasSecurityIssue: false, hasSecurityFix: false, hasBreakingChange: false, nodes: [], ...extra });

afterEach(() => vi.unstubAllGlobals());

describe('version notifications', () => {
  it("counts newer versions only, newest first; labels 100 and more '99+'", () => {
    const s = new VersionsStore();
    s.set([v('0.9.0'), v('0.10.0'), v('1.0.0'), v('0.10.1')], '0.10.0', 'javascript:alert(1)');
    expect(s.nextVersions.map((x) => x.name)).toEqual(['1.0.0', '0.10.1']);
    expect(s.currentVersion?.name).toBe('0.10.0');
    expect(s.infoUrl).toBe('');
    expect([updateCountLabel(1), updateCountLabel(99), updateCountLabel(100)]).toEqual(['1', '99', '99+']);
    expect(compareVersionNames('v2.0.0', '1.99.99')).toBeGreaterThan(0);
  });

  it('warns of a security issue with the fix version, or the latest without one; not when nothing is newer', () => {
    const s = new VersionsStore();
    s.set([v('1.0.0', { hasSecurityIssue: true, securityIssueFixVersion: '1.0.2' }), v('1.0.2', { hasSecurityFix: true })], '1.0.0', '');
    expect(s.securityWarning).toBe('This version has a security issue. Please update to version 1.0.2 or higher.');
    s.set([v('1.0.0', { hasSecurityIssue: true }), v('1.1.0')], '1.0.0', '');
    expect(s.securityWarning).toBe('This version has a security issue. Please update to the latest version.');
    s.set([v('1.0.0', { hasSecurityIssue: true })], '1.0.0', '');
    expect(s.securityWarning).toBeUndefined();
  });

  it('asks <endpoint><version> with the instance id; keeps only well-formed entries and safe links; a failure is no updates', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify([{ name: '2.0.0', documentationUrl: 'javascript:alert(1)', nodes: [{ name: 'x' }, null], hasSecurityFix: 'yes' }, { name: 'latest' }, 'junk', v('1.0.0')]), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const list = await fetchVersions('https://feed.example/api/versions/', '1.0.0', 'abc');
    expect(fetchMock.mock.calls[0][0]).toBe('https://feed.example/api/versions/1.0.0');
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>)['n8n-instance-id']).toBe('abc');
    expect(list.map((x) => x.name)).toEqual(['2.0.0', '1.0.0']);
    expect(list[0]).toMatchObject({ documentationUrl: '', hasSecurityFix: false, nodes: [{ name: 'x' }] });

    vi.stubGlobal('fetch', vi.fn(async () => new Response('not json', { status: 200 })));
    const s = new VersionsStore();
    const settings = { versionCli: '1.0.0', instanceId: 'abc', versionNotifications: { enabled: true, endpoint: '/rest/versions/', infoUrl: '' } };
    expect(await s.load(settings)).toBe(false);
    expect(s.nextVersions).toEqual([]);
    expect(await s.load({ ...settings, versionNotifications: { ...settings.versionNotifications, enabled: false } })).toBe(false);
  });

  it("says how long ago a version was released", () => {
    const now = Date.parse('2026-12-02T12:00:00Z');
    expect(releasedAgo('2026-12-02T01:00:00Z', now)).toBe('Released today');
    expect(releasedAgo('2026-12-01T11:00:00Z', now)).toBe('Released 1 day ago');
    expect(releasedAgo('2026-11-20T12:00:00Z', now)).toBe('Released 12 days ago');
    expect(releasedAgo('not a date', now)).toBe('');
  });
});
