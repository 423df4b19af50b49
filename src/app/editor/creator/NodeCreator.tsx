// The node creator panel (spec 001 §2.6): search, tabs All / Regular / Trigger, collapsible
// categories (the first expanded), subcategory sub-panels with a back arrow, a no-results view.
// Workflow JSON (or a link to one) pasted into the search goes onto the canvas instead
// (useCanvasEditing's paste); other text is a search of at most CREATOR_SEARCH_MAX_LENGTH.
import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Autocomplete, Input, SearchField, Tab, TabList, Tabs, Button } from 'react-aria-components';
import { faArrowLeft, faMagnifyingGlass, faXmark } from '@fortawesome/free-solid-svg-icons';
import { HTTP_REQUEST_NODE_TYPE, MANUAL_TRIGGER_NODE_TYPE, STICKY_NODE_TYPE, WEBHOOK_NODE_TYPE } from '../../../model/constants.ts';
import { useStores } from '../../stores/context.ts';
import { addNodeOfType } from '../../commands/addNode.ts';
import { Icon } from '../../ui/Icon.tsx';
import { categorise, CREATOR_SEARCH_MAX_LENGTH, CREATOR_TABS, echoQuery, searchNodes, toNodeItem, type CreatorSubcategory, type CreatorTab } from './creatorItems.ts';
import { CreatorList, type CreatorRow } from './CreatorList.tsx';
import './creator.css';

/** n8n opens the details of a node added from the creator, except the Manual Trigger's and a sticky note's. */
export function opensDetailsWhenAdded(type: string): boolean {
  return type !== MANUAL_TRIGGER_NODE_TYPE && type !== STICKY_NODE_TYPE;
}

export const NodeCreator = observer(function NodeCreator() {
  const root = useStores();
  const { ui, nodeTypes } = root;
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<CreatorTab>('All');
  const [expanded, setExpanded] = useState<Set<string> | undefined>(undefined);
  const [sub, setSub] = useState<CreatorSubcategory | undefined>();
  const searchRef = useRef<HTMLInputElement>(null);
  const open = ui.creatorOpen;

  useLayoutEffect(() => {
    if (!open) return;
    setQuery('');
    setSub(undefined);
    // Focus as the panel is committed, before the browser handles the next key: a user who
    // types right after Tab (or a busy machine) lost the first letters to the page while a
    // timer waited ('manual' became 'nual' or nothing). The key that opened the panel cannot
    // land in the field: Tab's default is prevented, '+' opens it from a click.
    searchRef.current?.focus();
    // A pointer opener may take focus back as its click ends: give it back to the field once.
    const t = setTimeout(() => {
      const field = searchRef.current;
      if (field && !field.closest('.node-creator')?.contains(document.activeElement)) field.focus();
    }, 0);
    return () => clearTimeout(t);
  }, [open]);

  const types = nodeTypes.creatorTypes;
  const categories = useMemo(() => categorise(types, tab), [types, tab]);
  // Default: the first category expanded (per tab, until the user changes it).
  const expandedKeys = expanded ?? new Set(categories.length ? [categories[0].key] : []);

  const rows: CreatorRow[] = useMemo(() => {
    if (query.trim()) return searchNodes(types, query, tab).map((n) => ({ kind: 'node', item: n, depth: 0 }));
    if (sub) return sub.nodes.map((n) => ({ kind: 'node', item: n, depth: 0 }));
    const out: CreatorRow[] = [];
    for (const c of categories) {
      const isOpen = expandedKeys.has(c.key);
      out.push({ kind: 'category', item: c, expanded: isOpen });
      if (!isOpen) continue;
      for (const s of c.subcategories) out.push({ kind: 'subcategory', item: s });
      for (const n of c.nodes) out.push({ kind: 'node', item: n, depth: 1, keySuffix: c.category });
    }
    return out;
  }, [types, query, tab, sub, categories, expandedKeys]);

  if (!open) return null;

  const add = (nodeType: string) => {
    const node = addNodeOfType(root, nodeType, ui.creatorSource);
    if (!node) return;
    ui.closeCreator();
    if (opensDetailsWhenAdded(node.type)) ui.openNdv(node.id);
  };
  const toggle = (key: string) => {
    const next = new Set(expandedKeys);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setExpanded(next);
  };
  const fallbacks = [HTTP_REQUEST_NODE_TYPE, WEBHOOK_NODE_TYPE].map((t) => nodeTypes.latest(t)).filter((d) => d !== undefined);

  return (
    <aside
      className="node-creator"
      aria-label="Add a node"
      data-testid="node-creator"
      // Capture: the search field consumes Escape (to clear itself) before it bubbles.
      onKeyDownCapture={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          ui.closeCreator();
        }
      }}
    >
      <div className="creator-head">
        {sub ? (
          <div className="creator-sub-head">
            <Button className="btn btn-ghost btn-icon btn-s" onPress={() => setSub(undefined)} aria-label="Back to categories" data-testid="creator-back">
              <Icon icon={faArrowLeft} />
            </Button>
            <span className="creator-sub-title">{sub.subcategory}</span>
          </div>
        ) : (
          <div className="creator-title-row">
            <span className="creator-title">{ui.creatorSource.kind === 'endpoint' ? 'What happens next?' : 'Add a node'}</span>
            <Button className="btn btn-ghost btn-icon btn-s" onPress={() => ui.closeCreator()} aria-label="Close node creator">
              <Icon icon={faXmark} />
            </Button>
          </div>
        )}
      </div>
      <Autocomplete inputValue={query} onInputChange={(v) => setQuery(v.slice(0, CREATOR_SEARCH_MAX_LENGTH))}>
        <SearchField className="creator-search" aria-label="Search nodes" autoFocus={false}>
          <Icon icon={faMagnifyingGlass} className="creator-search-icon" />
          <Input ref={searchRef} className="input creator-search-input" placeholder="Search nodes…" maxLength={CREATOR_SEARCH_MAX_LENGTH} data-testid="node-creator-search" />
        </SearchField>
        {!sub && (
          <Tabs
            selectedKey={tab}
            onSelectionChange={(k) => {
              setTab(k as CreatorTab);
              setExpanded(undefined);
            }}
            className="creator-tabs"
          >
            <TabList aria-label="Node kinds" className="creator-tablist">
              {CREATOR_TABS.map((t) => (
                <Tab key={t} id={t} className="creator-tab" data-testid={`creator-tab-${t}`}>
                  {t}
                </Tab>
              ))}
            </TabList>
          </Tabs>
        )}
        {!nodeTypes.loaded ? (
          <div className="creator-empty">Loading nodes…</div>
        ) : rows.length === 0 && query.trim() ? (
          <div className="creator-empty" data-testid="creator-no-results">
            <div className="creator-empty-title">No nodes match “{echoQuery(query)}”</div>
            {fallbacks.length > 0 && (
              <>
                <p>You can reach most services with these:</p>
                <div className="creator-fallbacks">
                  {fallbacks.map((d) => (
                    <button key={d.name} type="button" className="btn" onClick={() => add(d.name)}>
                      {toNodeItem(d).displayName}
                    </button>
                  ))}
                </div>
              </>
            )}
          </div>
        ) : (
          <CreatorList
            rows={rows}
            onNode={add}
            onCategory={toggle}
            onSubcategory={(s) => {
              setSub(s);
              setQuery('');
            }}
          />
        )}
      </Autocomplete>
    </aside>
  );
});
