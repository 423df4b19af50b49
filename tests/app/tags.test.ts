// Tag rules (spec 002 §3-§5, spec 001 §9) and the tags store against a recorded fetch.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  canDeleteTags,
  checkTagName,
  containerTags,
  defaultActiveOption,
  effectiveMode,
  fitCount,
  managerRows,
  MAX_TAG_NAME_LENGTH,
  pickerOptions,
  stepOption,
  tagErrorMessage,
  tagMatches,
  TAGS_CONTAINER_LIMIT,
  usageText,
} from '../../src/app/tags/tagRules.ts';
import { MAX_TAG_NAME_LENGTH as SERVER_MAX } from '../../src/server/db/repositories/tags.ts';
import { TagsStore } from '../../src/app/stores/TagsStore.ts';
import type { ITag } from '../../src/model/workflow.ts';

afterEach(() => vi.unstubAllGlobals());

const tag = (id: string, name: string, usageCount?: number) => ({ id, name, usageCount });
const TAGS = [tag('1', 'alpha', 2), tag('2', 'Beta', 0), tag('3', 'alphabet', 1)];

describe('tag names', () => {
  it('trims, refuses empty and over-long names with the texts shown', () => {
    expect(checkTagName('  ops ')).toEqual({ name: 'ops' });
    expect(checkTagName('   ')).toEqual({ error: 'Tag name cannot be empty' });
    expect(checkTagName('x'.repeat(MAX_TAG_NAME_LENGTH))).toEqual({ name: 'x'.repeat(24) });
    expect(checkTagName('x'.repeat(MAX_TAG_NAME_LENGTH + 1))).toEqual({ error: 'Tag name cannot be longer than 24 characters' });
  });
  it('uses the server limit', () => expect(MAX_TAG_NAME_LENGTH).toBe(SERVER_MAX));
  it('searches case-insensitively and trimmed', () => {
    expect(tagMatches('Production', '  prod ')).toBe(true);
    expect(tagMatches(' Production ', 'DUCTION')).toBe(true);
    expect(tagMatches('Production', 'dev')).toBe(false);
  });
  it('says how many workflows use a tag', () => {
    expect(usageText(undefined)).toBe('Not being used');
    expect(usageText(0)).toBe('Not being used');
    expect(usageText(1)).toBe('1 workflow');
    expect(usageText(7)).toBe('7 workflows');
  });
  it('escapes the name in error messages', () => {
    expect(tagErrorMessage('delete', '<b>x')).toBe("A problem occurred when trying to delete the tag '&#60;b&#62;x':");
  });
  it('lets owner and default delete, not members', () => {
    expect(canDeleteTags('owner')).toBe(true);
    expect(canDeleteTags('default')).toBe(true);
    expect(canDeleteTags('member')).toBe(false);
    expect(canDeleteTags(undefined)).toBe(false);
  });
});

describe('picker options', () => {
  const opts = { createEnabled: true, manageEnabled: true };
  it('lists every tag, marks the selected ones, ends with Manage tags', () => {
    const o = pickerOptions(TAGS, new Set(['2']), '', opts);
    expect(o.map((x) => x.kind)).toEqual(['tag', 'tag', 'tag', 'manage']);
    expect(o.filter((x) => x.kind === 'tag' && x.selected).map((x) => x.kind === 'tag' && x.tag.id)).toEqual(['2']);
    expect(defaultActiveOption(o, '')).toBe(-1);
  });
  it('offers create first when nothing matches, so Enter creates', () => {
    const o = pickerOptions(TAGS, new Set(), ' gamma ', opts);
    expect(o[0]).toEqual({ kind: 'create', name: 'gamma' });
    expect(defaultActiveOption(o, ' gamma ')).toBe(0);
  });
  it('offers create after partial matches, and Enter picks the first match', () => {
    const o = pickerOptions(TAGS, new Set(), 'alph', opts);
    expect(o.map((x) => x.kind)).toEqual(['tag', 'tag', 'create', 'manage']);
    expect(defaultActiveOption(o, 'alph')).toBe(0);
  });
  it('does not offer to create an existing name or one over the limit', () => {
    expect(pickerOptions(TAGS, new Set(), 'alpha', opts).some((x) => x.kind === 'create')).toBe(false);
    expect(pickerOptions(TAGS, new Set(), 'y'.repeat(25), opts).map((x) => x.kind)).toEqual(['message', 'manage']);
  });
  it('says why the list is empty', () => {
    const text = (all: ITag[], f: string, createEnabled: boolean) => pickerOptions(all, new Set(), f, { createEnabled, manageEnabled: false }).map((x) => (x.kind === 'message' ? x.text : x.kind));
    expect(text([], '', true)).toEqual(['Type to create a tag']);
    expect(text([], '', false)).toEqual(['No tags exist']);
    expect(text(TAGS, 'zzz', false)).toEqual(['No matching tags exist']);
  });
  it('arrow keys skip the message row and wrap', () => {
    const o = pickerOptions([], new Set(), '', opts);
    expect(stepOption(o, -1, 1)).toBe(1);
    expect(stepOption(o, 1, 1)).toBe(1);
    const all = pickerOptions(TAGS, new Set(), '', opts);
    expect(stepOption(all, 3, 1)).toBe(0);
    expect(stepOption(all, 0, -1)).toBe(3);
  });
});

describe('tag container', () => {
  it('shows up to 20 tags, then +N with the hidden names', () => {
    const many = Array.from({ length: 23 }, (_, i) => tag(String(i), `t${i}`));
    const c = containerTags(many);
    expect(TAGS_CONTAINER_LIMIT).toBe(20);
    expect(c.shown).toHaveLength(20);
    expect(c.hidden).toBe(3);
    expect(c.hiddenTitle).toBe('t20, t21, t22');
    expect(containerTags(many.slice(0, 20)).hidden).toBe(0);
  });
});

describe('tags manager rows', () => {
  it('forces create when there are no tags', () => {
    expect(effectiveMode({ kind: 'list' }, 0)).toEqual({ kind: 'create' });
    expect(effectiveMode({ kind: 'list' }, 2)).toEqual({ kind: 'list' });
  });
  it('filters by search but keeps sticky tags; other rows are disabled while one is edited', () => {
    const rows = managerRows(TAGS, { kind: 'update', id: '2' }, 'alp', new Set(['2']), true);
    expect(rows.map((r) => [r.tag.id, r.disabled, r.update, r.delete])).toEqual([
      ['1', true, false, false],
      ['2', false, true, false],
      ['3', true, false, false],
    ]);
    expect(rows[0].usage).toBe('2 workflows');
    expect(managerRows(TAGS, { kind: 'create' }, '', new Set(), false).every((r) => r.disabled && !r.canDelete)).toBe(true);
    expect(managerRows(TAGS, { kind: 'list' }, '', new Set(), true).every((r) => !r.disabled)).toBe(true);
    const del = managerRows(TAGS, { kind: 'delete', id: '3' }, '', new Set(), true);
    expect(del.find((r) => r.tag.id === '3')).toMatchObject({ delete: true, disabled: false });
  });
});

// ---- the store ----

type Route = (body: unknown, url: URL) => { status: number; body?: unknown };
function server(routes: Record<string, Route>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      calls.push(`${method} ${url.pathname}${url.search}`);
      const key = `${method} ${url.pathname.replace(/^\/rest/, '')}`;
      const r = routes[key] ?? routes[key.replace(/\/[^/]+$/, '/:id')];
      if (!r) return new Response(JSON.stringify({ code: 404, message: 'not found' }), { status: 404 });
      const { status, body } = r(init.body ? JSON.parse(String(init.body)) : undefined, url);
      return new Response(body === undefined ? '' : JSON.stringify(body), { status });
    }),
  );
  return calls;
}

describe('TagsStore', () => {
  it('loads once, again when forced with usage counts, and shares a call on its way', async () => {
    const calls = server({ 'GET /tags': () => ({ status: 200, body: { data: TAGS } }) });
    const store = new TagsStore({ tags: [] });
    await Promise.all([store.fetchAll(), store.fetchAll()]);
    await store.fetchAll();
    expect(calls).toEqual(['GET /rest/tags']);
    await store.fetchAll({ force: true, withUsageCount: true });
    expect(calls).toEqual(['GET /rest/tags', 'GET /rest/tags?withUsageCount=true']);
    expect(store.all.map((t) => t.name)).toEqual(['alpha', 'alphabet', 'Beta']);
  });

  it('refuses an empty name without calling the server', async () => {
    const calls = server({});
    const store = new TagsStore({ tags: [] });
    await expect(store.create('   ')).rejects.toThrow('Tag name cannot be empty');
    await expect(store.rename('1', '')).rejects.toThrow('Tag name cannot be empty');
    expect(calls).toEqual([]);
  });

  it('renames and deletes in the open workflow too, without a call for an unchanged name', async () => {
    const calls = server({
      'GET /tags': () => ({ status: 200, body: { data: TAGS } }),
      'PATCH /tags/:id': (body) => ({ status: 200, body: { data: { id: '1', name: (body as { name: string }).name } } }),
      'DELETE /tags/:id': () => ({ status: 200, body: { data: true } }),
    });
    const wf = { tags: [{ id: '1', name: 'alpha' }, { id: '2', name: 'Beta' }] as ITag[] };
    const store = new TagsStore(wf);
    await store.fetchAll();
    await store.rename('1', ' alpha ');
    expect(calls.filter((c) => c.startsWith('PATCH'))).toEqual([]);
    await store.rename('1', 'omega');
    expect(wf.tags).toEqual([{ id: '1', name: 'omega' }, { id: '2', name: 'Beta' }]);
    expect(store.get('1')).toMatchObject({ name: 'omega', usageCount: 2 });
    await store.delete('2');
    expect(wf.tags).toEqual([{ id: '1', name: 'omega' }]);
    expect(store.get('2')).toBeUndefined();
  });

  it('a falsy delete answer is "Could not delete tag"; a refused one keeps the tag', async () => {
    server({
      'GET /tags': () => ({ status: 200, body: { data: TAGS } }),
      'DELETE /tags/:id': (_b, url) => (url.pathname.endsWith('/1') ? { status: 200, body: { data: false } } : { status: 403, body: { code: 403, message: 'Only the owner may delete tags' } }),
    });
    const store = new TagsStore({ tags: [] });
    await store.fetchAll();
    await expect(store.delete('1')).rejects.toThrow('Could not delete tag');
    await expect(store.delete('2')).rejects.toThrow(/owner/);
    expect(store.all).toHaveLength(3);
  });
});

describe('responsive fit of the header chips', () => {
  const rights = [50, 100, 150, 200];
  it('shows every chip that fits, keeping room for +N when some are left out', () => {
    expect(fitCount(rights, 500, 4, 40)).toBe(4);
    expect(fitCount(rights, 200, 4, 40)).toBe(4);
    // 199 px: the fourth does not fit, and +1 needs 40 px after the third (150 + 40 <= 199).
    expect(fitCount(rights, 199, 4, 40)).toBe(3);
    expect(fitCount(rights, 185, 4, 40)).toBe(2);
    // More tags than chips (over the limit of 20): +N is needed even when every chip fits.
    expect(fitCount(rights, 220, 6, 40)).toBe(3);
    expect(fitCount(rights, 10, 4, 40)).toBe(1);
    expect(fitCount([], 100, 0, 40)).toBe(0);
  });
});
