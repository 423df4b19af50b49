import { observer } from 'mobx-react-lite';
import { faPlus } from '@fortawesome/free-solid-svg-icons';
import { useStores } from '../../stores/context.ts';
import { Icon } from '../../ui/Icon.tsx';

/** A new, empty workflow invites its first step. */
export const EmptyCanvas = observer(function EmptyCanvas() {
  const { workflow, ui } = useStores();
  if (workflow.nodes.size > 0 || ui.readOnly) return null;
  return (
    <div className="canvas-empty">
      <button type="button" className="canvas-empty-card" onClick={() => ui.openCreator()} data-testid="canvas-add-first-step">
        <span className="canvas-empty-plus">
          <Icon icon={faPlus} />
        </span>
        <span className="canvas-empty-title">Add first step</span>
        <span>
          Start with a trigger such as “Manual Trigger”. Press <span className="kbd">Tab</span> any time to add nodes.
        </span>
      </button>
    </div>
  );
});
