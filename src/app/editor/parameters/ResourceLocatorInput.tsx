// resourceLocator: a value given in one of the parameter's modes (n8n's { __rl, mode, value }):
// 'list' picks from what the node's searchListMethod finds on the server (Execute Workflow: the
// workflows this user may see), string modes ('id', 'url') are typed and checked against the
// mode's validation. The mode switch keeps an id when going from the list to 'By ID'.
import { useEffect, useRef, useState } from 'react';
import type { INodePropertyMode } from '../../../model/nodeTypes.ts';
import { getResourceLocatorResults, type ResourceLocatorResults } from '../../api/nodeParameterOptions.ts';
import { errorMessage } from '../../api/errors.ts';
import type { InputProps } from './types.ts';
import { inputId } from './types.ts';
import { remoteOptionsError } from './remoteOptions.ts';
import { ExpressionInput } from './ExpressionInput.tsx';

export interface Locator {
  __rl: true;
  mode: string;
  value: unknown;
  cachedResultName?: string;
  cachedResultUrl?: string;
}

/** Wait after typing in the list's search before asking the server. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

const DEFAULT_MODES: INodePropertyMode[] = [{ displayName: 'By ID', name: 'id', type: 'string' }];

export function toLocator(value: unknown, modes: INodePropertyMode[]): Locator {
  if (value && typeof value === 'object' && '__rl' in value) return value as Locator;
  // A plain value (n8n's older form, or the '' default): the first mode when empty, else an id.
  const text = value === undefined || value === null ? '' : value;
  const mode = text === '' ? modes[0]!.name : (modes.find((m) => m.name === 'id') ?? modes[0]!).name;
  return { __rl: true, mode, value: text };
}

/** The locator after a mode switch: an id chosen from the list stays as the id, anything else starts empty. */
export function switchMode(current: Locator, mode: string): Locator {
  if (current.mode === mode) return current;
  if (current.mode === 'list' && mode === 'id') return { __rl: true, mode, value: current.value ?? '' };
  return { __rl: true, mode, value: '' };
}

/** The mode's validation message for a typed value, or undefined. */
export function validateMode(mode: INodePropertyMode | undefined, text: string): string | undefined {
  if (!mode?.validation || text === '' || text.startsWith('=')) return undefined;
  for (const rule of mode.validation) {
    if (rule.type !== 'regex') continue;
    try {
      if (!new RegExp(`^(?:${rule.properties.regex})$`).test(text)) return rule.properties.errorMessage;
    } catch {
      // A broken pattern in a description is not the user's error.
    }
  }
  return undefined;
}

type ListState = { status: 'idle' } | { status: 'loading'; results: ResourceLocatorResults['results'] } | { status: 'loaded'; results: ResourceLocatorResults['results']; token?: string } | { status: 'issue'; error: string };

function ListMode({ mode, locator, onChange, path, ctx, label }: { mode: INodePropertyMode; locator: Locator; onChange: (l: Locator) => void; path: string; ctx: InputProps['ctx']; label: string }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState<string | undefined>(undefined);
  const [state, setState] = useState<ListState>({ status: 'idle' });
  const latest = useRef(ctx);
  latest.current = ctx;
  const method = mode.typeOptions?.searchListMethod;
  const searchRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || !method || !ctx.node) return;
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', results: page && s.status === 'loaded' ? s.results : [] }));
    const timer = setTimeout(
      () => {
        const c = latest.current;
        getResourceLocatorResults(
          { nodeTypeAndVersion: { name: c.node!.type, version: c.typeVersion }, path, methodName: method, currentNodeParameters: c.root, credentials: c.node!.credentials, filter: filter || undefined, paginationToken: page },
          controller.signal,
        ).then(
          (r) => {
            if (controller.signal.aborted) return;
            setState((s) => ({ status: 'loaded', results: [...(page && s.status === 'loading' ? s.results : []), ...r.results], token: r.paginationToken }));
          },
          (e: unknown) => {
            if (!controller.signal.aborted) setState({ status: 'issue', error: remoteOptionsError(errorMessage(e)) });
          },
        );
      },
      filter && !page ? LIST_SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, method, filter, page, path, ctx.node?.type, ctx.typeVersion]);

  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  if (!method || !ctx.node) return <div className="hint">This list can only be searched inside a node.</div>;
  const chosen = locator.value === '' || locator.value === undefined ? '' : (locator.cachedResultName ?? String(locator.value));
  const results = state.status === 'loaded' || state.status === 'loading' ? state.results : [];
  return (
    <div
      className="rl-list"
      ref={rootRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          rootRef.current?.querySelector<HTMLElement>('.rl-list-toggle')?.focus();
        } else if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
          // Arrows move between the search and the results.
          const items = [...(rootRef.current?.querySelectorAll<HTMLElement>('.rl-search, .rl-result') ?? [])];
          const at = items.indexOf(document.activeElement as HTMLElement);
          const next = items[Math.max(0, Math.min(items.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))];
          if (next) {
            e.preventDefault();
            next.focus();
          }
        }
      }}
      onBlur={(e) => {
        // Focus leaving the picker (a click elsewhere, Tab out) closes the list.
        if (open && !rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        id={inputId(path)}
        className="select rl-list-toggle"
        aria-haspopup="listbox"
        aria-expanded={open}
        disabled={ctx.readOnly}
        onClick={() => setOpen((o) => !o)}
        data-testid={`rl-list-toggle-${path}`}
      >
        <span className={chosen ? '' : 'rl-placeholder'}>{chosen || mode.placeholder || `Select ${label.toLowerCase()}…`}</span>
      </button>
      {locator.cachedResultUrl && locator.value !== '' && (
        <a className="rl-open-link hint" href={locator.cachedResultUrl.startsWith('/') ? `${document.baseURI.replace(/\/$/, '')}${locator.cachedResultUrl}` : locator.cachedResultUrl} target="_blank" rel="noreferrer">
          Open
        </a>
      )}
      {open && (
        // Focusable itself, so a click on its blank parts keeps the focus (and the list) inside.
        <div className="rl-dropdown" tabIndex={-1} data-testid={`rl-dropdown-${path}`}>
          {mode.typeOptions?.searchable !== false && (
            <input
              ref={searchRef}
              className="input rl-search"
              placeholder="Search…"
              aria-label={`Search ${label}`}
              value={filter}
              onChange={(e) => {
                setPage(undefined);
                setFilter(e.target.value);
              }}
              data-testid={`rl-search-${path}`}
            />
          )}
          <ul className="rl-results" role="listbox" aria-label={label} aria-busy={state.status === 'loading'}>
            {results.map((r) => (
              <li
                key={String(r.value)}
                role="option"
                aria-selected={String(r.value) === String(locator.value)}
                className="rl-result"
                tabIndex={0}
                onClick={() => {
                  onChange({ __rl: true, mode: 'list', value: r.value, cachedResultName: r.name, ...(r.url ? { cachedResultUrl: r.url } : {}) });
                  setOpen(false);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    (e.currentTarget as HTMLElement).click();
                  }
                }}
              >
                <span className="rl-result-name">{r.name}</span>
                {r.description && <span className="hint">{r.description}</span>}
              </li>
            ))}
          </ul>
          {state.status === 'loading' && (
            <div className="hint remote-options-loading" role="status">
              <span className="spinner-dot" aria-hidden /> Loading…
            </div>
          )}
          {state.status === 'loaded' && results.length === 0 && <div className="hint rl-empty">{filter ? `Nothing found for “${filter}”` : 'Nothing to choose from yet'}</div>}
          {state.status === 'loaded' && state.token && (
            <button type="button" className="btn btn-ghost btn-s" onClick={() => setPage(state.token)}>
              Load more
            </button>
          )}
          {state.status === 'issue' && (
            <div className="field-error" role="alert">
              {state.error}
            </div>
          )}
        </div>
      )}
    </div>
  );
}

export function ResourceLocatorInput({ property, value, onChange, path, ctx }: InputProps) {
  const modes = property.modes && property.modes.length > 0 ? property.modes : DEFAULT_MODES;
  const locator = toLocator(value, modes);
  const mode = modes.find((m) => m.name === locator.mode);
  const text = locator.value === undefined || locator.value === null ? '' : String(locator.value);
  const error = mode?.type === 'string' ? validateMode(mode, text) : undefined;
  return (
    <div className="rl-input" data-testid={`parameter-input-${path}`}>
      <div className="rl-row">
        {modes.length > 1 && (
          <select
            className="select rl-mode-select"
            aria-label={`${property.displayName} mode`}
            value={locator.mode}
            disabled={ctx.readOnly}
            onChange={(e) => onChange(switchMode(locator, e.target.value))}
            data-testid={`rl-mode-${path}`}
          >
            {modes.map((m) => (
              <option key={m.name} value={m.name}>
                {m.displayName}
              </option>
            ))}
            {!mode && <option value={locator.mode}>{locator.mode} (not supported)</option>}
          </select>
        )}
        <div className="rl-value">
          {text.startsWith('=') ? (
            // An expression in any mode: the expression editor writes the locator's value.
            <ExpressionInput property={property} value={text} onChange={(v) => onChange({ __rl: true, mode: locator.mode, value: v })} path={path} ctx={ctx} />
          ) : mode?.type === 'list' ? (
            <ListMode mode={mode} locator={locator} onChange={onChange} path={path} ctx={ctx} label={property.displayName} />
          ) : (
            <input
              id={inputId(path)}
              className="input"
              value={text}
              placeholder={mode?.placeholder ?? property.placeholder}
              readOnly={ctx.readOnly}
              aria-invalid={!!error}
              onChange={(e) => onChange({ __rl: true, mode: locator.mode, value: e.target.value })}
              data-testid={`rl-value-${path}`}
            />
          )}
        </div>
      </div>
      {error && <div className="field-error">{error}</div>}
      {mode?.hint && <div className="hint param-hint">{mode.hint}</div>}
    </div>
  );
}
