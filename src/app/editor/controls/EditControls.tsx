// Undo, redo and tidy up, beside the zoom controls; hidden in read-only views.
import { observer } from 'mobx-react-lite';
import { useCallback, useRef, useState } from 'react';
import { faArrowRotateLeft, faArrowRotateRight, faWandMagicSparkles } from '@fortawesome/free-solid-svg-icons';
import type { CanvasHandle } from '../../../canvas/types.ts';
import { useStores } from '../../stores/context.ts';
import { redo, undo } from '../../commands/editNodes.ts';
import { tidyUp } from '../../commands/tidyUp.ts';
import { ToolButton } from './ToolButton.tsx';

export function useTidyUp(canvas: CanvasHandle | undefined): { run: () => void; busy: boolean } {
  const root = useStores();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(() => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    void tidyUp(root, root.layout, canvas).finally(() => {
      running.current = false;
      setBusy(false);
    });
  }, [root, canvas]);
  return { run, busy };
}

export const EditControls = observer(function EditControls({ tidy }: { tidy: { run: () => void; busy: boolean } }) {
  const root = useStores();
  const { workflow, ui } = root;
  if (ui.readOnly) return null;
  const { history } = workflow;
  return (
    <div className="control-group" role="toolbar" aria-label="Edit">
      <ToolButton icon={faArrowRotateLeft} label={history.undoLabel ? `Undo ${history.undoLabel.toLowerCase()}` : 'Undo'} shortcut="Ctrl+Z" onPress={() => undo(root)} disabled={!history.canUndo} testId="undo" />
      <ToolButton icon={faArrowRotateRight} label={history.redoLabel ? `Redo ${history.redoLabel.toLowerCase()}` : 'Redo'} shortcut="Ctrl+Shift+Z" onPress={() => redo(root)} disabled={!history.canRedo} testId="redo" />
      <ToolButton icon={faWandMagicSparkles} label={tidy.busy ? 'Tidying up…' : 'Tidy up'} shortcut="Shift+Alt+T" onPress={tidy.run} busy={tidy.busy} disabled={workflow.nodes.size < 2} testId="tidy-up" />
    </div>
  );
});
