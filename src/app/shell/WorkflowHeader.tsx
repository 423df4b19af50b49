// Header for the editor routes: name, tags, connection warning, save.
import { observer } from 'mobx-react-lite';
import { useStores } from '../stores/context.ts';
import { WorkflowNameInput } from './WorkflowNameInput.tsx';
import { SaveButton } from './SaveButton.tsx';
import { ConnectionLost } from './ConnectionLost.tsx';
import { ActivationToggle } from '../editor/header/ActivationToggle.tsx';

/** The header's tag placeholder when the workflow has no tags. */
export const TAGS_PLACEHOLDER = '+ Add tag';

export const WorkflowHeader = observer(function WorkflowHeader({ onSave }: { onSave: () => void }) {
  const { workflow } = useStores();
  return (
    <header className="app-header">
      <div className="header-left">
        <WorkflowNameInput readOnly={false} />
        {workflow.tags.length > 0 ? (
          <ul className="tags" aria-label="Tags">
            {workflow.tags.map((t) => (
              <li key={t.id} className="tag">
                {t.name}
              </li>
            ))}
          </ul>
        ) : (
          // No tags yet: the tag editor's placeholder (n8n's '+ Add tag'; spec 001 §2.2 names the
          // tag editor but gives no text). There is no tag editing in the header yet, so it is
          // shown, not clickable.
          <span className="tags-placeholder" data-testid="workflow-tags-placeholder">
            {TAGS_PLACEHOLDER}
          </span>
        )}
      </div>
      <div className="header-right">
        <ConnectionLost />
        <ActivationToggle />
        <SaveButton onSave={onSave} />
      </div>
    </header>
  );
});
