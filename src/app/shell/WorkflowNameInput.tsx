// Inline-editable workflow name (spec 001 §5): trimmed, not empty, at most 128 characters;
// unchanged just closes editing. Edit mode resets when another workflow opens.
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { MAX_WORKFLOW_NAME_LENGTH } from '../../model/constants.ts';
import { validateWorkflowName } from '../../model/names.ts';
import { useStores } from '../stores/context.ts';

export const WorkflowNameInput = observer(function WorkflowNameInput({ readOnly }: { readOnly: boolean }) {
  const { workflow } = useStores();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => setEditing(false), [workflow.workflowId]);
  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  const start = () => {
    if (readOnly) return;
    setDraft(workflow.name);
    setError(undefined);
    setEditing(true);
  };
  const commit = () => {
    const problem = validateWorkflowName(draft);
    if (problem) {
      setError(problem);
      input.current?.focus();
      return;
    }
    workflow.setName(draft.trim());
    setEditing(false);
  };

  if (!editing) {
    return (
      <button type="button" className="wf-name" onClick={start} disabled={readOnly} title={readOnly ? workflow.name : 'Rename workflow'} data-testid="workflow-name">
        {workflow.name || 'Untitled'}
      </button>
    );
  }
  return (
    <div className="wf-name-edit">
      <input
        ref={input}
        className="input wf-name-input"
        aria-label="Workflow name"
        aria-invalid={!!error}
        value={draft}
        maxLength={MAX_WORKFLOW_NAME_LENGTH + 1}
        onChange={(e) => {
          setDraft(e.target.value);
          setError(undefined);
        }}
        onBlur={() => {
          if (validateWorkflowName(draft)) setEditing(false);
          else commit();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          else if (e.key === 'Escape') {
            e.stopPropagation();
            setEditing(false);
          }
        }}
      />
      {error && (
        <div className="wf-name-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
});
