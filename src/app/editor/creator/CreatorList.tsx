// The creator's list: category headers (toggle), subcategory entries (open a sub-panel) and
// nodes (add). One ListBox so arrow keys move through everything, also from the search field.
import { ListBox, ListBoxItem } from 'react-aria-components';
import { faChevronDown, faChevronRight, faAngleRight } from '@fortawesome/free-solid-svg-icons';
import { Icon } from '../../ui/Icon.tsx';
import { NodeIcon } from '../../ui/NodeIcon.tsx';
import type { CreatorCategory, CreatorNodeItem, CreatorSubcategory } from './creatorItems.ts';

/** Drag data type of a node row dragged onto the canvas (the value is the node type name). */
export const NODE_TYPE_DRAG_TYPE = 'application/x-switchyard-node-type';

export type CreatorRow =
  | { kind: 'category'; item: CreatorCategory; expanded: boolean }
  | { kind: 'subcategory'; item: CreatorSubcategory }
  | { kind: 'node'; item: CreatorNodeItem; depth: number; keySuffix?: string };

function rowKey(r: CreatorRow): string {
  return r.kind === 'node' ? `node:${r.item.nodeType}${r.keySuffix ? `@${r.keySuffix}` : ''}` : r.item.key;
}

export function CreatorList({
  rows,
  onNode,
  onCategory,
  onSubcategory,
}: {
  rows: CreatorRow[];
  onNode: (type: string) => void;
  onCategory: (key: string) => void;
  onSubcategory: (s: CreatorSubcategory) => void;
}) {
  const byKey = new Map(rows.map((r) => [rowKey(r), r]));
  return (
    <ListBox
      aria-label="Nodes"
      className="creator-list"
      items={rows.map((r) => ({ id: rowKey(r), row: r }))}
      onAction={(key) => {
        const r = byKey.get(String(key));
        if (!r) return;
        if (r.kind === 'node') onNode(r.item.nodeType);
        else if (r.kind === 'category') onCategory(r.item.key);
        else onSubcategory(r.item);
      }}
      data-testid="node-creator-list"
    >
      {({ id, row }) => {
        if (row.kind === 'category') {
          return (
            <ListBoxItem id={id} textValue={row.item.category} className="creator-row creator-category" aria-expanded={row.expanded} data-testid="creator-category">
              <span className="creator-category-name">{row.item.category}</span>
              <Icon icon={row.expanded ? faChevronDown : faChevronRight} className="creator-chevron" />
            </ListBoxItem>
          );
        }
        if (row.kind === 'subcategory') {
          return (
            <ListBoxItem id={id} textValue={row.item.subcategory} className="creator-row creator-subcategory" data-testid="creator-subcategory">
              <span className="creator-sub-name">{row.item.subcategory}</span>
              <span className="creator-count">{row.item.nodes.length}</span>
              <Icon icon={faAngleRight} className="creator-chevron" />
            </ListBoxItem>
          );
        }
        const n = row.item;
        return (
          <ListBoxItem id={id} textValue={n.displayName} className="creator-row creator-node" data-testid="creator-node" data-node-type={n.nodeType}>
            {/* Native drag (CanvasHost drops it where it lands); a click still adds as before. The
                list keeps focus in the search field by preventing mousedown's default, which
                would also prevent the drag: the row's own mousedown stops here (presses are
                pointer events and still reach the list). */}
            <div
              className="creator-node-drag"
              draggable
              onMouseDown={(e) => e.stopPropagation()}
              onDragStart={(e) => {
                e.dataTransfer.setData(NODE_TYPE_DRAG_TYPE, n.nodeType);
                e.dataTransfer.effectAllowed = 'copy';
              }}
            >
              <NodeIcon icon={n.icon} iconUrl={n.iconUrl} color={n.iconColor} name={n.displayName} />
              <span className="creator-node-text">
                <span className="creator-node-name">{n.displayName}</span>
                <span className="creator-node-desc">{n.description}</span>
              </span>
            </div>
          </ListBoxItem>
        );
      }}
    </ListBox>
  );
}
