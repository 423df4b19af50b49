// Actions on the selected nodes (hidden in read-only views, spec 001 §2.4): rename (F2),
// duplicate, deactivate/activate (d), copy and delete — the same commands as the shortcuts.
import { observer } from 'mobx-react-lite';
import { faClone, faCopy, faPen, faPowerOff, faTrashCan } from '@fortawesome/free-solid-svg-icons';
import type { CanvasHandle } from '../../../canvas/types.ts';
import { useStores } from '../../stores/context.ts';
import { copySelection, duplicateSelection } from '../../commands/clipboard.ts';
import { deleteNodes } from '../../commands/deleteNodes.ts';
import { startRename, targetNodeId, toggleDisabled } from '../../commands/editNodes.ts';
import { ToolButton } from './ToolButton.tsx';

export const SelectionActions = observer(function SelectionActions({ canvas }: { canvas: CanvasHandle | undefined }) {
  const root = useStores();
  const { workflow, ui } = root;
  const count = workflow.selection.size;
  if (ui.readOnly || count === 0 || ui.ndvNode) return null;
  const nodes = [...workflow.selection].map((id) => workflow.nodes.get(id)).filter((n) => n !== undefined);
  const toggleable = nodes.filter((n) => !n.isSticky);
  const allDisabled = toggleable.length > 0 && toggleable.every((n) => n.disabled);
  const single = targetNodeId(root) !== undefined && count === 1;
  const copy = () => {
    copySelection(root, (text) => {
      navigator.clipboard.writeText(text).catch((e: unknown) => ui.toasts.error('Could not copy', e instanceof Error ? e.message : String(e)));
    });
  };
  return (
    <div className="canvas-overlay canvas-selection" role="toolbar" aria-label="Selected nodes" data-testid="selection-actions">
      <div className="control-group">
        <span className="selection-count">{count === 1 ? (nodes[0]?.isSticky ? 'Sticky note' : (nodes[0]?.name ?? '1 node')) : `${count.toLocaleString()} nodes`}</span>
        {single && (
          <ToolButton
            icon={faPen}
            label={nodes[0]?.isSticky ? 'Edit note' : 'Rename'}
            shortcut="F2"
            onPress={() => startRename(root, undefined, (id) => canvas?.editSticky(id) ?? false)}
            disabled={nodes[0]?.isSticky && !canvas}
            testId="action-rename"
            placement="bottom"
          />
        )}
        <ToolButton icon={faClone} label="Duplicate" shortcut="Ctrl+D" onPress={() => duplicateSelection(root)} testId="action-duplicate" placement="bottom" />
        {toggleable.length > 0 && (
          <ToolButton icon={faPowerOff} label={allDisabled ? 'Activate' : 'Deactivate'} shortcut="D" onPress={() => toggleDisabled(root)} testId="action-disable" placement="bottom" />
        )}
        <ToolButton icon={faCopy} label="Copy" shortcut="Ctrl+C" onPress={copy} testId="action-copy" placement="bottom" />
        <ToolButton icon={faTrashCan} label="Delete" shortcut="Del" onPress={() => deleteNodes(root, [...workflow.selection])} testId="action-delete" placement="bottom" />
      </div>
    </div>
  );
});
