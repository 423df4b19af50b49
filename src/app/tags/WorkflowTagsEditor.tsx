// The header's tag editor (spec 001 §2.2, n8n's workflow details tags): the workflow's tags (at
// most 20, then '+N': spec 001 §9), or '+ Add tag' when it has none; a click turns it into the tag
// picker. Enter in the empty field or a click outside applies the choice to the workflow (which
// becomes unsaved; the tags are saved with it as ids: spec 001 §4.5), Escape drops it. Edit mode
// ends when another workflow opens (spec 001 §4.5).
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { ITag } from '../../model/workflow.ts';
import { useStores } from '../stores/context.ts';
import { TagsDropdown } from './TagsDropdown.tsx';
import { containerTags, TAG_TEXTS } from './tagRules.ts';
import './tags.css';

/** The header's tag placeholder when the workflow has no tags (n8n's '+ Add tag'). */
export const TAGS_PLACEHOLDER = `+ ${TAG_TEXTS.addTag}`;

export const WorkflowTagsEditor = observer(function WorkflowTagsEditor({ readOnly }: { readOnly: boolean }) {
  const { workflow, tags, settings } = useStores();
  const [editing, setEditing] = useState(false);
  const [draft, setDraftState] = useState<string[]>([]);
  // The latest draft for the blur that ends editing (it can come before React re-renders).
  const draftRef = useRef<string[]>([]);
  const editingRef = useRef(false);
  const setDraft = (ids: string[]) => {
    draftRef.current = ids;
    setDraftState(ids);
  };
  const setEditMode = (on: boolean) => {
    editingRef.current = on;
    setEditing(on);
  };

  useEffect(() => setEditMode(false), [workflow.workflowId]);

  if (settings.settings?.workflowTagsDisabled) return null;

  const start = () => {
    if (readOnly) return;
    setDraft(workflow.tags.map((t) => t.id));
    setEditMode(true);
  };
  const apply = () => {
    if (!editingRef.current) return;
    setEditMode(false);
    const before = new Map(workflow.tags.map((t) => [t.id, t]));
    const next: ITag[] = [];
    for (const id of draftRef.current) {
      const t = tags.get(id) ?? before.get(id);
      if (t) next.push({ id: t.id, name: t.name });
    }
    workflow.setTags(next);
  };
  const cancel = () => setEditMode(false);

  if (editing) {
    return (
      <div className="wf-tags-edit">
        <TagsDropdown
          selected={draft}
          onChange={setDraft}
          createEnabled
          manageEnabled
          placeholder={TAG_TEXTS.chooseOrCreate}
          label="Workflow tags"
          autoFocus
          onEsc={cancel}
          onDone={apply}
          testId="workflow-tags-dropdown"
        />
      </div>
    );
  }

  if (workflow.tags.length === 0) {
    return (
      <button type="button" className="tags-placeholder wf-tags-add" data-testid="workflow-tags-placeholder" onClick={start} disabled={readOnly}>
        {TAGS_PLACEHOLDER}
      </button>
    );
  }
  const { shown, hidden, hiddenTitle } = containerTags(workflow.tags);
  return (
    <button type="button" className="wf-tags" data-testid="workflow-tags" onClick={start} disabled={readOnly} aria-label={`Tags: ${workflow.tags.map((t) => t.name).join(', ')}. Edit tags`}>
      <span className="wf-tags-list">
        {shown.map((t) => (
          <span key={t.id} className="tag-chip" data-testid="workflow-tag">
            <span className="tag-chip-name">{t.name}</span>
          </span>
        ))}
      </span>
      {hidden > 0 && (
        <span className="tag-chip tag-chip-count" title={hiddenTitle} data-testid="workflow-tags-more">
          +{hidden}
        </span>
      )}
    </button>
  );
});
