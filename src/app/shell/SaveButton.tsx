import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/context.ts';

/** 'Saved' when nothing changed since the last save, else 'Save'. */
export const SaveButton = observer(function SaveButton({ onSave }: { onSave: () => void }) {
  const { workflow, ui } = useStores();
  const saved = workflow.isSaved && !workflow.dirty;
  if (ui.saving) {
    return (
      <button type="button" className="btn btn-primary save-btn" disabled data-testid="save-button">
        Saving…
      </button>
    );
  }
  return saved ? (
    <button type="button" className="btn btn-ghost save-btn save-btn-saved" disabled data-testid="save-button">
      Saved
    </button>
  ) : (
    <button type="button" className="btn btn-primary save-btn" onClick={onSave} data-testid="save-button" title="Save (Ctrl+S)">
      Save
    </button>
  );
});
