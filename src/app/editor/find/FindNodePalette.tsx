// Find node by name (ctrl+f): a small command palette over the canvas. Fuzzy matches
// (src/model/fuzzyMatch.ts) over every node's name, the best 50 shown; arrows move, Enter flies
// the canvas to the node (focusNode) and selects it. Works in read-only views too.
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import type { CanvasHandle } from '../../../canvas/types.ts';
import { fuzzySearch, type FuzzyMatch } from '../../../model/fuzzyMatch.ts';
import { useStores } from '../../stores/context.ts';
import { NodeIcon } from '../../ui/NodeIcon.tsx';
import './find.css';

const LIMIT = 50;

interface Item {
  id: string;
  name: string;
  lower: string;
  type: string;
  typeVersion: number;
}

function Highlighted({ name, match }: { name: string; match: FuzzyMatch }) {
  if (!match.positions.length) return <>{name}</>;
  const marked = new Set(match.positions);
  const parts: Array<{ text: string; mark: boolean }> = [];
  for (let i = 0; i < name.length; i++) {
    const mark = marked.has(i);
    const last = parts[parts.length - 1];
    if (last && last.mark === mark) last.text += name[i];
    else parts.push({ text: name[i], mark });
  }
  return <>{parts.map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>;
}

export const FindNodePalette = observer(function FindNodePalette({ canvas }: { canvas: CanvasHandle | undefined }) {
  const root = useStores();
  const { ui, workflow, nodeTypes } = root;
  const open = ui.findOpen;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);

  // A snapshot of the names when the palette opens: typing never walks MobX objects.
  const items = useMemo<Item[]>(
    () => (open ? [...workflow.nodes.values()].map((n) => ({ id: n.id, name: n.name, lower: n.name.toLowerCase(), type: n.type, typeVersion: n.typeVersion })) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [open],
  );
  const results = useMemo(() => fuzzySearch(items, query, LIMIT), [items, query]);

  useEffect(() => {
    if (open) {
      setQuery('');
      setActive(0);
    }
  }, [open]);
  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const close = () => ui.setFindOpen(false);
  const choose = (id: string | undefined) => {
    if (!id) return;
    close();
    if (canvas) canvas.focusNode(id);
    else workflow.select([id]);
  };

  const total = items.length;
  return (
    <ModalOverlay className="dialog-overlay find-overlay" isOpen={open} isDismissable onOpenChange={(o) => !o && close()}>
      <Modal className="find-palette">
        <Dialog aria-label="Find node" className="find-dialog" data-testid="find-node">
          <div className="find-search">
            <svg className="find-search-icon" viewBox="0 0 512 512" aria-hidden>
              <path d="M416 208c0 45.9-14.9 88.3-40 122.7L502.6 457.4c12.5 12.5 12.5 32.8 0 45.3s-32.8 12.5-45.3 0L330.7 376C296.3 401.1 253.9 416 208 416 93.1 416 0 322.9 0 208S93.1 0 208 0 416 93.1 416 208zM208 352a144 144 0 1 0 0-288 144 144 0 1 0 0 288z" />
            </svg>
            <input
              className="find-input"
              autoFocus
              role="combobox"
              aria-expanded
              aria-controls="find-results"
              aria-activedescendant={results[active] ? `find-${results[active].item.id}` : undefined}
              aria-label="Node name"
              placeholder={`Find a node among ${total.toLocaleString()}…`}
              value={query}
              data-testid="find-input"
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  setActive((a) => Math.min(a + 1, results.length - 1));
                } else if (e.key === 'ArrowUp') {
                  e.preventDefault();
                  setActive((a) => Math.max(a - 1, 0));
                } else if (e.key === 'Enter') {
                  e.preventDefault();
                  choose(results[active]?.item.id);
                }
              }}
            />
          </div>
          {results.length ? (
            <ul className="find-results" id="find-results" role="listbox" aria-label="Matching nodes" ref={list}>
              {results.map((r, i) => {
                const d = nodeTypes.get(r.item.type, r.item.typeVersion);
                return (
                  <li
                    key={r.item.id}
                    id={`find-${r.item.id}`}
                    role="option"
                    aria-selected={i === active}
                    className="find-result"
                    data-testid="find-result"
                    onMouseMove={() => i !== active && setActive(i)}
                    onClick={() => choose(r.item.id)}
                  >
                    <NodeIcon icon={d?.icon} iconUrl={d?.iconUrl} color={d?.iconColor ?? d?.defaults.color} name={d?.displayName ?? r.item.name} size={26} />
                    <span className="find-result-name">
                      <Highlighted name={r.item.name} match={r.match} />
                    </span>
                    <span className="find-result-type">{d?.displayName ?? 'Unknown type'}</span>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="find-empty">{total ? `No node matches “${query}”.` : 'This workflow has no nodes yet.'}</p>
          )}
          <footer className="find-footer">
            <span>
              <span className="kbd">↑</span> <span className="kbd">↓</span> move
            </span>
            <span>
              <span className="kbd">Enter</span> go to node
            </span>
            <span>
              <span className="kbd">Esc</span> close
            </span>
            <span className="find-count">{query.trim() && results.length === LIMIT ? `best ${LIMIT} matches` : `${results.length} of ${total.toLocaleString()}`}</span>
          </footer>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});
