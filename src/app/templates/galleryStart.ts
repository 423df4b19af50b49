// The gallery's first loads, as its view starts them: categories and the first page of the search
// the address names. main.tsx calls startGallery at startup on /templates/ (index.html has asked
// the same URLs already), so the data is in the store by the gallery's first render.
import { when } from 'mobx';
import type { FrontendSettings } from '../../model/api.ts';
import type { TemplatesStore } from '../stores/TemplatesStore.ts';
import { TEMPLATES_MAX_SEARCH } from '../../model/templates.ts';

/** search and categories from the query string ('categories' is comma-separated ids). */
export function readQuery(search: string): { text: string; categories: number[] } {
  const q = new URLSearchParams(search);
  const categories = (q.get('categories') ?? '')
    .split(',')
    .filter((s) => /^\d{1,9}$/.test(s))
    .map(Number);
  return { text: (q.get('search') ?? '').slice(0, TEMPLATES_MAX_SEARCH), categories: [...new Set(categories)] };
}

/** Starts the loads; settles when both have (loaded or failed). */
export function startGallery(templates: TemplatesStore, settings: FrontendSettings | undefined, search: string): Promise<void> {
  if (!templates.configure(settings)) return Promise.resolve();
  const categories = templates.loadCategories();
  const query = readQuery(search);
  const key = templates.search(query.text, query.categories);
  return Promise.all([categories, when(() => templates.searches.get(key)?.loading === false)]).then(() => undefined);
}
