// Add-node (opens the node creator) and add-sticky buttons; the sticky button shows while the
// add area is hovered or focused (n8n's habit; canvas.css), so at rest it covers no node outputs.
import { faNoteSticky, faPlus } from '@fortawesome/free-solid-svg-icons';
import type { CanvasHandle } from '../../../canvas/types.ts';
import { DEFAULT_CLICK_POSITION } from '../../../model/constants.ts';
import { addSticky } from '../../commands/addNode.ts';
import { useStores } from '../../stores/context.ts';
import { Icon } from '../../ui/Icon.tsx';

export function AddControls({ canvas }: { canvas: CanvasHandle | undefined }) {
  const root = useStores();
  return (
    <div className="canvas-overlay canvas-add" data-fit-avoid>
      <button type="button" className="btn add-node-btn" onClick={() => root.ui.toggleCreator()} title="Add node (Tab)" aria-label="Add node" data-testid="add-node">
        <Icon icon={faPlus} />
      </button>
      <button
        type="button"
        className="btn add-sticky-btn"
        onClick={() => addSticky(root, canvas?.viewportCenterWorld() ?? DEFAULT_CLICK_POSITION)}
        title="Add sticky note"
        aria-label="Add sticky note"
        data-testid="add-sticky"
      >
        <Icon icon={faNoteSticky} />
      </button>
    </div>
  );
}
