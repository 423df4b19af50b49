// The template gallery's state (spec 000 §3–§4): the host's health, its categories, search
// results by cache key (search text + sorted categories, spec 000 §2), collections, and the
// templates and collections opened in full. Results stay cached for the session, so going back
// to the gallery shows what was there at once.
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { FrontendSettings } from '../../model/api.ts';
import { searchKey, TEMPLATES_PAGE_ROWS, type TemplateCategory, type TemplateCollectionFull, type TemplateCollectionSummary, type TemplateWorkflowFull, type TemplateWorkflowSummary } from '../../model/templates.ts';
import * as api from '../api/templates.ts';

export interface SearchState {
  total: number;
  workflows: TemplateWorkflowSummary[];
  collections: TemplateCollectionSummary[];
  loading: boolean;
  /** Loading the first page failed. */
  error?: string;
  /** Loading a further page failed ('Could not load more workflows'). */
  moreError?: string;
}

export type Loadable<T> = { state: 'loading' } | { state: 'loaded'; value: T } | { state: 'notFound'; message: string };

const EMPTY_SEARCH: SearchState = { total: 0, workflows: [], collections: [], loading: true };

export class TemplatesStore {
  /** Spec 000 §4: false until a health check succeeds. */
  healthy = false;
  categories: TemplateCategory[] = [];
  categoriesError: string | undefined = undefined;
  readonly searches = observable.map<string, SearchState>({}, { deep: false });
  readonly templates = observable.map<number, Loadable<TemplateWorkflowFull>>({}, { deep: false });
  readonly collections = observable.map<number, Loadable<TemplateCollectionFull>>({}, { deep: false });
  #target: api.HostTarget | undefined;
  #categoriesLoading: Promise<void> | undefined;

  constructor() {
    makeObservable(this, { healthy: observable, categories: observableRef, categoriesError: observable, setSearch: action });
  }

  configure(settings: Pick<FrontendSettings, 'templates' | 'versionCli'> | undefined): api.HostTarget | undefined {
    if (!settings?.templates.enabled || !settings.templates.host) return undefined;
    if (this.#target?.host !== settings.templates.host) this.#target = { host: settings.templates.host, version: settings.versionCli };
    return this.#target;
  }

  /** Spec 000 §2: at startup, when templates are enabled. */
  async checkHealth(settings: Pick<FrontendSettings, 'templates' | 'versionCli'> | undefined): Promise<void> {
    const target = this.configure(settings);
    if (!target) return;
    const ok = await api.testHealth(target);
    runInAction(() => (this.healthy = ok));
  }

  loadCategories(): Promise<void> {
    const target = this.#target;
    if (!target) return Promise.resolve();
    if (this.categories.length) return Promise.resolve();
    this.#categoriesLoading ??= api.getCategories(target).then(
      (list) =>
        runInAction(() => {
          this.categories = list;
          this.categoriesError = undefined;
          this.healthy = true;
        }),
      (e: unknown) =>
        runInAction(() => {
          this.categoriesError = e instanceof Error ? e.message : String(e);
          this.#categoriesLoading = undefined;
        }),
    );
    return this.#categoriesLoading;
  }

  setSearch(key: string, state: SearchState): void {
    this.searches.set(key, state);
  }

  /** The first page of a search (cached by key); answers the key. */
  search(text: string, categories: number[]): string {
    const key = searchKey(text, categories);
    const target = this.#target;
    const existing = this.searches.get(key);
    if (!target || (existing && !existing.error)) return key;
    this.setSearch(key, EMPTY_SEARCH);
    const search = text.trim();
    Promise.all([api.getWorkflows(target, { skip: 0, rows: TEMPLATES_PAGE_ROWS, search, categories }), api.getCollections(target, search, categories)]).then(
      ([page, collections]) => {
        runInAction(() => (this.healthy = true));
        this.setSearch(key, { total: page.totalWorkflows, workflows: page.workflows, collections, loading: false });
      },
      (e: unknown) => this.setSearch(key, { ...EMPTY_SEARCH, loading: false, error: e instanceof Error ? e.message : String(e) }),
    );
    return key;
  }

  /** The next 10 rows of a search already started (infinite scroll); after a failure only on `retry`. */
  loadMore(text: string, categories: number[], retry = false): void {
    const key = searchKey(text, categories);
    const state = this.searches.get(key);
    const target = this.#target;
    if (!target || !state || state.loading || state.error || state.workflows.length >= state.total) return;
    // Scrolling does not ask again after a failure (the user does, with Try again).
    if (state.moreError && !retry) return;
    this.setSearch(key, { ...state, loading: true, moreError: undefined });
    api.getWorkflows(target, { skip: state.workflows.length, rows: TEMPLATES_PAGE_ROWS, search: text.trim(), categories }).then(
      (page) => {
        const seen = new Set(state.workflows.map((w) => w.id));
        const added = page.workflows.filter((w) => !seen.has(w.id));
        // A host that answers no new rows has no more: stop asking.
        this.setSearch(key, { ...state, loading: false, total: added.length ? page.totalWorkflows : state.workflows.length, workflows: [...state.workflows, ...added] });
      },
      () => this.setSearch(key, { ...state, loading: false, moreError: 'Could not load more workflows' }),
    );
  }

  /** One template in full (spec 000 §4: loading until fetched; a failure is not-found). */
  loadTemplate(id: number): void {
    const target = this.#target;
    const current = this.templates.get(id);
    if (!target || current?.state === 'loading' || current?.state === 'loaded') return;
    runInAction(() => this.templates.set(id, { state: 'loading' }));
    api.getTemplate(target, id).then(
      (value) => runInAction(() => this.templates.set(id, { state: 'loaded', value })),
      () => runInAction(() => this.templates.set(id, { state: 'notFound', message: 'Workflow could not be found' })),
    );
  }

  loadCollection(id: number): void {
    const target = this.#target;
    const current = this.collections.get(id);
    if (!target || current?.state === 'loading' || current?.state === 'loaded') return;
    runInAction(() => this.collections.set(id, { state: 'loading' }));
    api.getCollection(target, id).then(
      (value) => runInAction(() => this.collections.set(id, { state: 'loaded', value })),
      () => runInAction(() => this.collections.set(id, { state: 'notFound', message: 'Collection could not be found' })),
    );
  }

  /** What 'use this workflow' imports. */
  async workflowToImport(id: number) {
    const target = this.#target;
    if (!target) throw new api.TemplatesHostError('Templates are not enabled on this instance');
    return api.getWorkflowTemplate(target, id);
  }
}
