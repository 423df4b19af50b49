// Header for the editor routes: name, tags, connection warning, save.
import { observer } from 'mobx-react-lite';
import { WorkflowNameInput } from './WorkflowNameInput.tsx';
import { SaveButton } from './SaveButton.tsx';
import { ConnectionLost } from './ConnectionLost.tsx';
import { ActivationToggle } from '../editor/header/ActivationToggle.tsx';
import { WorkflowTagsEditor } from '../tags/WorkflowTagsEditor.tsx';
import { TagsManagerDialog } from '../tags/TagsManagerDialog.tsx';

export const WorkflowHeader = observer(function WorkflowHeader({ onSave }: { onSave: () => void }) {
  return (
    <header className="app-header">
      <div className="header-left">
        <WorkflowNameInput readOnly={false} />
        <WorkflowTagsEditor readOnly={false} />
      </div>
      <div className="header-right">
        <ConnectionLost />
        <ActivationToggle />
        <SaveButton onSave={onSave} />
      </div>
      {/* Opened from the tag editor's 'Manage tags'. */}
      <TagsManagerDialog />
    </header>
  );
});
