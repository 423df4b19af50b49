// The gallery's pure parts (issue 17): reading a templates host's answers defensively, the search
// cache key, the URL query, the carousel's arrows, card icons, route access, and the host URL.
import { describe, expect, it } from 'vitest';
import { authorName, readCollectionFull, readWorkflowFull, readWorkflowSummary, readWorkflowTemplate, readTemplateNode, searchKey } from '../../src/model/templates.ts';
import { hasViews, viewsLabel } from '../../src/app/templates/TemplateCards.tsx';
import { writeQuery } from '../../src/app/templates/TemplatesSearchView.tsx';
import { readQuery } from '../../src/app/templates/galleryStart.ts';
import { carouselArrows } from '../../src/app/templates/CollectionsCarousel.tsx';
import { shownNodes } from '../../src/app/templates/TemplateNodeIcons.tsx';
import { previewProblem, PREVIEW_MISSING_WORKFLOW, PREVIEW_NODES_NOT_ARRAY } from '../../src/app/templates/TemplatePreview.tsx';
import { timeAgo } from '../../src/app/templates/timeAgo.ts';
import { hostBase } from '../../src/app/api/templates.ts';
import { routeAccess, type AccessSettings } from '../../src/app/routes/access.ts';

describe('reading a templates host', () => {
  it('keeps well-formed fields and drops the rest', () => {
    const s = readWorkflowSummary({ id: '12', name: 'A', totalViews: 'many', user: { username: 5 }, nodes: [{ name: 'x.y', displayName: 'Y' }, { displayName: 'no name' }, null], extra: 1 });
    expect(s).toEqual({ id: 12, name: 'A', totalViews: 0, createdAt: '', user: { username: '' }, nodes: [{ name: 'x.y', displayName: 'Y' }] });
    expect(readWorkflowSummary({ id: -1, name: 'A' })).toBeUndefined();
    expect(readWorkflowSummary({ id: 1, name: '' })).toBeUndefined();
  });

  it('the author: a display name where the host gives one, else the handle', () => {
    const named = readWorkflowSummary({ id: 1, name: 'A', user: { username: 'switchyard', name: ' Switchyard team ' } });
    expect(named?.user).toEqual({ username: 'switchyard', name: 'Switchyard team' });
    expect(authorName(named?.user)).toBe('Switchyard team');
    expect(authorName(readWorkflowSummary({ id: 1, name: 'A', user: { username: 'n8n-team', verified: true } })?.user)).toBe('n8n-team');
    expect(authorName(readWorkflowSummary({ id: 1, name: 'A', user: { username: 'x', name: 7 } })?.user)).toBe('x');
  });

  it('views show only once there are some (n8n hides 0 and absent)', () => {
    expect([0, undefined, -1, 1, 5000].map(hasViews)).toEqual([false, false, false, true, true]);
    expect(viewsLabel(1)).toBe('1 view');
    expect(viewsLabel(5000)).toBe('5K views');
  });

  it('accepts only image data URLs as file icons', () => {
    expect(readTemplateNode({ name: 'a', iconData: { type: 'file', fileBuffer: 'javascript:alert(1)' } })?.iconData?.fileBuffer).toBeUndefined();
    expect(readTemplateNode({ name: 'a', iconData: { type: 'file', fileBuffer: 'data:image/png;base64,AA' } })?.iconData?.fileBuffer).toBe('data:image/png;base64,AA');
    expect(readTemplateNode({ name: 'a', iconData: { type: 'script' } })?.iconData).toBeUndefined();
  });

  it('a full template, a collection and an import answer', () => {
    const full = readWorkflowFull({ workflow: { id: 3, name: 'T', description: 'd', categories: [{ id: 1, name: 'C' }, { id: 'x' }], image: [{ url: 'javascript:x' }, { url: 'https://a.example/i.png' }], workflow: { nodes: [], connections: {} } } });
    expect(full?.categories).toEqual([{ id: 1, name: 'C' }]);
    expect(full?.image).toEqual([{ url: 'https://a.example/i.png' }]);
    expect(full?.workflow).toEqual({ nodes: [], connections: {} });
    expect(readWorkflowFull({ workflow: { id: 3, name: 'T', workflow: { nodes: 'x' } } })?.workflow).toBeUndefined();
    expect(readWorkflowFull({ message: 'Not found' })).toBeUndefined();
    const c = readCollectionFull({ collection: { id: 2, name: 'C', workflows: [{ id: 3, name: 'T' }, { id: 4 }], nodes: [] } });
    expect(c?.workflows).toEqual([{ id: 3 }, { id: 4 }]);
    expect(c?.workflowSummaries.map((w) => w.id)).toEqual([3]);
    expect(readWorkflowTemplate({ id: 3, workflow: { nodes: [{}], connections: 'x' } })).toEqual({ id: 3, name: 'Template 3', workflow: { nodes: [{}], connections: {} } });
    expect(readWorkflowTemplate({ id: 3 })).toBeUndefined();
  });
});

describe('gallery helpers', () => {
  it('the cache key is the search text plus the sorted categories', () => {
    expect(searchKey(' slack ', [3, 1])).toBe(searchKey('slack', [1, 3]));
    expect(searchKey('slack', [1])).not.toBe(searchKey('slack', []));
  });

  it('reads and writes the query: search and comma-separated category ids', () => {
    expect(readQuery('search=git&categories=3,1,x,3')).toEqual({ text: 'git', categories: [3, 1] });
    expect(readQuery('')).toEqual({ text: '', categories: [] });
    expect(readQuery(`search=${'a'.repeat(300)}`).text.length).toBe(200);
    expect(writeQuery(' git ', [1, 3])).toBe('?search=git&categories=1%2C3');
    expect(writeQuery('', [])).toBe('');
  });

  it('carousel arrows hide within 7 px of either end', () => {
    expect(carouselArrows(0, 996, 1500)).toEqual({ left: false, right: true });
    expect(carouselArrows(7, 996, 1500)).toEqual({ left: false, right: true });
    expect(carouselArrows(8, 996, 1500)).toEqual({ left: true, right: true });
    expect(carouselArrows(497, 996, 1500)).toEqual({ left: true, right: false });
    expect(carouselArrows(0, 996, 996)).toEqual({ left: false, right: false });
  });

  it('a card shows up to 5 node icons: 4 and +N beyond', () => {
    expect(shownNodes([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3, 4, 5], more: 0 });
    expect(shownNodes([1, 2, 3, 4, 5, 6, 7])).toEqual({ shown: [1, 2, 3, 4], more: 3 });
  });

  it('preview errors for a missing workflow and nodes that are not an array', () => {
    expect(previewProblem(undefined)).toBe(PREVIEW_MISSING_WORKFLOW);
    expect(previewProblem({ nodes: 'x' as never, connections: {} })).toBe(PREVIEW_NODES_NOT_ARRAY);
    expect(previewProblem({ nodes: [], connections: {} })).toBeUndefined();
  });

  it('relative times and host URLs', () => {
    const now = Date.parse('2026-12-02T12:00:00Z');
    expect(timeAgo('2026-12-01T12:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-10-01T12:00:00Z', now)).toBe('2 months ago');
    expect(timeAgo('not a date', now)).toBe('');
    expect(hostBase('/rest/templates-host/', 'http://127.0.0.1:5678').toString()).toBe('http://127.0.0.1:5678/rest/templates-host/');
    expect(hostBase('https://api.n8n.io/api', 'http://x').toString()).toBe('https://api.n8n.io/api/');
  });
});

describe('template routes', () => {
  const settings = (enabled: boolean): AccessSettings => ({ userManagement: { enabled: true, showSetupOnFirstLoad: false, smtpSetup: false }, publicApi: { enabled: true, latestVersion: 1, path: 'api' }, templates: { enabled, host: '' } }) as AccessSettings;
  const member = { globalRole: { name: 'member' } } as never;
  const ctx = { path: '/templates/', search: '' };
  it('need templates enabled: otherwise the not-found page; signed out → sign-in', () => {
    for (const r of ['TemplatesSearchView', 'TemplatesWorkflowView', 'TemplatesCollectionView'] as const) {
      expect(routeAccess(r, { ...ctx, user: member, settings: settings(true) })).toEqual({ allow: true });
      expect(routeAccess(r, { ...ctx, user: member, settings: settings(false) })).toEqual({ allow: false, redirect: '/404' });
      expect(routeAccess(r, { ...ctx, user: undefined, settings: settings(true) })).toEqual({ allow: false, redirect: '/signin?redirect=%2Ftemplates%2F' });
    }
    expect(routeAccess('WorkflowTemplate', { ...ctx, user: member, settings: settings(false) })).toEqual({ allow: true });
  });
});

describe('node icon colours in the DOM', () => {
  it("n8n's colour names are drawn as the canvas draws them, hex as it is, anything else not at all", async () => {
    const { iconCssColor } = await import('../../src/model/iconColors.ts');
    expect(iconCssColor('dark-blue')).toBe('#2f4eb4');
    expect(iconCssColor('#ff6d5a')).toBe('#ff6d5a');
    expect(iconCssColor('#0004F5')).toBe('#0004f5');
    expect(iconCssColor('#abc')).toBe('#aabbcc');
    expect(iconCssColor('url(javascript:x)')).toBeUndefined();
    expect(iconCssColor(undefined)).toBeUndefined();
  });
});
