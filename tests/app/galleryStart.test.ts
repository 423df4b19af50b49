// The gallery's startup loads (issue 17): started before the first render, settled when the
// categories and the first page are in (or have failed), and not asked again by the view.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TemplatesStore } from '../../src/app/stores/TemplatesStore.ts';
import { startGallery } from '../../src/app/templates/galleryStart.ts';
import { searchKey } from '../../src/model/templates.ts';

const settings = { templates: { enabled: true, host: 'http://host.test/api/' }, versionCli: '1.0.0' };

function host(answer: (path: string) => unknown, status = 200) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: URL | string) => {
    const u = new URL(String(url));
    asked.push(u.pathname + u.search);
    return new Response(JSON.stringify(answer(u.pathname)), { status, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('startGallery', () => {
  it("settles with the categories and the first page of the address's search in the store", async () => {
    const asked = host((p) =>
      p.endsWith('/categories') ? { categories: [{ id: 1, name: 'Sales' }] } : p.endsWith('/collections') ? { collections: [] } : { totalWorkflows: 1, workflows: [{ id: 7, name: 'Seven' }] },
    );
    const store = new TemplatesStore();
    await startGallery(store, settings as never, '?search=crm&categories=1');
    expect(store.categories.map((c) => c.name)).toEqual(['Sales']);
    const state = store.searches.get(searchKey('crm', [1]));
    expect(state?.loading).toBe(false);
    expect(state?.workflows.map((w) => w.id)).toEqual([7]);
    expect(asked.some((a) => a.startsWith('/api/templates/workflows?') && a.includes('search=crm') && a.includes('category=1'))).toBe(true);
    // The view's own calls on mount ask nothing again.
    const before = asked.length;
    store.search('crm', [1]);
    await store.loadCategories();
    expect(asked.length).toBe(before);
  });

  it('settles on a failing host too, with the error in the search state', async () => {
    host(() => ({ message: 'down' }), 503);
    const store = new TemplatesStore();
    await startGallery(store, settings as never, '');
    expect(store.searches.get(searchKey('', []))?.error).toBe('down');
    expect(store.categoriesError).toBe('down');
  });

  it('asks nothing when templates are off', async () => {
    const asked = host(() => ({}));
    await startGallery(new TemplatesStore(), { templates: { enabled: false, host: '' }, versionCli: '1' } as never, '');
    expect(asked).toEqual([]);
  });
});
