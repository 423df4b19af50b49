// The node's name in the NDV header; click to rename (trimmed, empty ignored, made unique,
// expressions in other nodes updated; one undo step).
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useStores } from '../../stores/context.ts';
import type { NodeModel } from '../../stores/WorkflowStore.ts';
import { renameNode } from '../../commands/editNodes.ts';

export const NodeTitle = observer(function NodeTitle({ node }: { node: NodeModel }) {
  const root = useStores();
  const { ui } = root;
  const [draft, setDraft] = useState<string | undefined>();
  if (draft === undefined) {
    return (
      <button type="button" className="ndv-title" onClick={() => !ui.readOnly && setDraft(node.name)} disabled={ui.readOnly} title={ui.readOnly ? node.name : 'Rename node'} data-testid="ndv-title">
        {node.name}
      </button>
    );
  }
  const commit = () => {
    renameNode(root, node.id, draft);
    setDraft(undefined);
  };
  return (
    <input
      className="input ndv-title-input"
      autoFocus
      aria-label="Node name"
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') {
          e.stopPropagation();
          e.preventDefault();
          setDraft(undefined);
        }
      }}
    />
  );
});
