// TemplatesSearchView (/templates/): search with a 500 ms debounce, category filters (12, then
// '+ N more', and 'all'), the collections carousel, and the workflow list, 10 rows per request
// as the user scrolls (spec 000 §2, §8, §9). The query (search, categories) lives in the URL.
import { faMagnifyingGlass, faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { searchKey, TEMPLATES_CATEGORIES_SHOWN, TEMPLATES_MAX_SEARCH, TEMPLATES_SEARCH_DEBOUNCE_MS, type TemplateCategory } from '../../model/templates.ts';
import { useStores } from '../stores/context.ts';
import { Icon } from '../ui/Icon.tsx';
import { TemplatesLayout, useNewWorkflow } from './TemplatesLayout.tsx';
import { CollectionsCarousel } from './CollectionsCarousel.tsx';
import { TemplateCard, TemplateCardSkeleton } from './TemplateCards.tsx';
import { readQuery } from './galleryStart.ts';

export const NO_RESULTS = 'Nothing found. Try another search or fewer categories.';
export const END_OF_LIST = 'That is every template that matches.';
export const CONNECTION_WARNING = 'There was a problem fetching workflow templates. Check your connection to the templates host.';

export function writeQuery(text: string, categories: number[]): string {
  const q = new URLSearchParams();
  if (text.trim()) q.set('search', text.trim());
  if (categories.length) q.set('categories', categories.join(','));
  const s = q.toString();
  return s ? `?${s}` : '';
}

const CategoryFilter = observer(function CategoryFilter({ selected, onChange }: { selected: number[]; onChange: (next: number[]) => void }) {
  const { templates } = useStores();
  const [expanded, setExpanded] = useState(false);
  const all: TemplateCategory[] = templates.categories;
  // A selected category beyond the first 12 keeps the list open.
  const shown = expanded || all.slice(TEMPLATES_CATEGORIES_SHOWN).some((c) => selected.includes(c.id)) ? all : all.slice(0, TEMPLATES_CATEGORIES_SHOWN);
  const hidden = all.length - shown.length;
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <aside className="templates-filters" aria-label="Categories" data-testid="templates-categories">
      <h2 className="templates-section-title">Categories</h2>
      <label className="templates-category">
        <input type="checkbox" checked={selected.length === 0} onChange={() => onChange([])} data-testid="category-all" />
        <span>All categories</span>
      </label>
      {shown.map((c) => (
        <label key={c.id} className="templates-category">
          <input type="checkbox" checked={selected.includes(c.id)} onChange={() => toggle(c.id)} data-testid="category-filter" />
          <span>{c.name}</span>
        </label>
      ))}
      {hidden > 0 && (
        <button type="button" className="link-button templates-more-categories" onClick={() => setExpanded(true)} data-testid="categories-more">
          + {hidden} more
        </button>
      )}
      {templates.categoriesError && <p className="templates-filters-error">Categories could not be loaded.</p>}
    </aside>
  );
});

export const TemplatesSearchView = observer(function TemplatesSearchView() {
  const { templates, settings } = useStores();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => readQuery(search), [search]);
  const [input, setInput] = useState(query.text);
  const newWorkflow = useNewWorkflow();
  const page = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    templates.configure(settings.settings);
    void templates.loadCategories();
  }, [templates, settings.settings]);

  // The URL changed (back, a category link): the box follows.
  useEffect(() => setInput(query.text), [query.text]);

  // Typing settles for 500 ms before it searches.
  useEffect(() => {
    if (input === query.text) return;
    const t = setTimeout(() => navigate(`/templates/${writeQuery(input, query.categories)}`, { replace: true }), TEMPLATES_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [input, query, navigate]);

  const key = searchKey(query.text, query.categories);
  useEffect(() => void templates.search(query.text, query.categories), [templates, query, settings.settings]);
  const state = templates.searches.get(key);

  // Infinite scroll: the sentinel under the list coming near the view asks for 10 more.
  useEffect(() => {
    const target = sentinel.current;
    if (!target) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && templates.loadMore(query.text, query.categories), { root: page.current?.closest('.templates-page') ?? null, rootMargin: '400px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [templates, query, state?.workflows.length, state?.loading]);

  const setCategories = (categories: number[]) => navigate(`/templates/${writeQuery(input, categories)}`, { replace: true });
  const loading = !state || (state.loading && state.workflows.length === 0);
  const failed = !!state?.error;
  const done = !!state && !state.loading && !state.error && state.workflows.length >= state.total;

  return (
    <TemplatesLayout>
      <div className="templates-search" ref={page}>
        <div className="templates-top">
          <h1 className="templates-heading">Workflow templates</h1>
          <button type="button" className="btn" onClick={newWorkflow} data-testid="templates-new-workflow">
            New blank workflow
          </button>
        </div>
        <div className="templates-body">
          <CategoryFilter selected={query.categories} onChange={setCategories} />
          <section className="templates-results">
            <label className="templates-search-box">
              <Icon icon={faMagnifyingGlass} />
              <input type="search" placeholder="Search workflows" value={input} maxLength={TEMPLATES_MAX_SEARCH} onChange={(e) => setInput(e.target.value)} aria-label="Search workflows" data-testid="templates-search" />
            </label>
            {failed && !templates.healthy && (
              <p className="templates-warning" role="alert" data-testid="templates-connection-warning">
                <Icon icon={faTriangleExclamation} /> {CONNECTION_WARNING}
              </p>
            )}
            {failed && templates.healthy && (
              <p className="templates-warning" role="alert">
                <Icon icon={faTriangleExclamation} /> Templates could not be loaded: {state.error}
              </p>
            )}
            {state && state.collections.length > 0 && <CollectionsCarousel collections={state.collections} />}
            <h2 className="templates-section-title">
              Workflows{state && !loading && !failed ? <span className="templates-count"> ({state.total})</span> : null}
            </h2>
            <div className="template-list" data-testid="template-list" aria-busy={loading}>
              {loading && Array.from({ length: 4 }, (_, i) => <TemplateCardSkeleton key={i} />)}
              {state?.workflows.map((t) => (
                <TemplateCard key={t.id} template={t} />
              ))}
              {state && state.workflows.length > 0 && state.loading && <TemplateCardSkeleton />}
            </div>
            {state && !loading && !failed && state.total === 0 && (
              <p className="templates-empty" data-testid="templates-no-results">
                {NO_RESULTS}
              </p>
            )}
            {state?.moreError && (
              <p className="templates-warning" role="alert" data-testid="templates-more-error">
                <strong>Error</strong> {state.moreError}
                <button type="button" className="link-button templates-retry" onClick={() => templates.loadMore(query.text, query.categories, true)} data-testid="templates-more-retry">
                  Try again
                </button>
              </p>
            )}
            {done && state.total > 0 && (
              <p className="templates-end" data-testid="templates-end">
                {END_OF_LIST}
              </p>
            )}
            <div ref={sentinel} className="templates-sentinel" />
          </section>
        </div>
      </div>
    </TemplatesLayout>
  );
});
