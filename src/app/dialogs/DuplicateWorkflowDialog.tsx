// Modal 'duplicate' (spec 002 duplicate workflow modal, §5, §9): 420px wide, the name prefilled
// with the name plus ' copy' (made free by GET /workflows/new), the workflow's tags preselected
// among the instance's tags, 'Please enter a name.' for an empty name. Duplicate creates the
// copy (commands/duplicateWorkflow.ts) and opens it in this tab. Creating and managing tags is
// the tags manager's job; here the existing ones can be picked.
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Dialog, Heading, Label, Modal, ModalOverlay, Tag, TagGroup, TagList } from 'react-aria-components';
import type { Selection } from 'react-aria-components';
import { duplicateNameError, duplicateWorkflowName } from '../../model/duplicateWorkflow.ts';
import { MAX_WORKFLOW_NAME_LENGTH } from '../../model/constants.ts';
import type { ITag } from '../../model/workflow.ts';
import { getTags } from '../api/tags.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { useStores } from '../stores/context.ts';
import { DUPLICATE_FAILED_TITLE, duplicateWorkflow, proposedDuplicateName } from '../commands/duplicateWorkflow.ts';
import { markConfirmed } from '../navigation.ts';
import { FormDialogActions } from './FormDialogActions.tsx';
import './dialogs.css';
import './duplicate.css';

export const DuplicateWorkflowDialog = observer(function DuplicateWorkflowDialog() {
  const root = useStores();
  const { ui, workflow } = root;
  const open = ui.modals.isOpen('duplicate');
  const [, navigate] = useLocation();
  const nameId = useId();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const [tags, setTags] = useState<ITag[] | undefined>();
  const [tagsError, setTagsError] = useState<string | undefined>();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  /** The user typed a name: the server's proposal must not overwrite it. */
  const typed = useRef(false);
  const original = useRef({ name: '', dirty: false });

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    original.current = { name: workflow.name, dirty: workflow.dirty };
    typed.current = false;
    setName(duplicateWorkflowName(workflow.name));
    setTried(false);
    setBusy(false);
    setTags(undefined);
    setTagsError(undefined);
    setSelected(new Set(workflow.tags.map((t) => t.id)));
    void proposedDuplicateName(workflow.name).then((n) => {
      if (!cancelled && !typed.current) setName(n);
    });
    getTags().then(
      (list) => !cancelled && setTags(list.map((t) => ({ id: t.id, name: t.name }))),
      (e) => !cancelled && setTagsError(errorMessage(e)),
    );
    return () => {
      cancelled = true;
    };
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const close = () => {
    if (!busy) ui.modals.close('duplicate');
  };
  const error = duplicateNameError(name);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (error || busy) return;
    setBusy(true);
    const known = new Set((tags ?? []).map((t) => t.id));
    // Tags the list could not confirm (it failed to load) are the workflow's own: still valid.
    const tagIds = [...selected].filter((id) => known.has(id) || workflow.tags.some((t) => t.id === id));
    let id: string;
    try {
      id = await duplicateWorkflow(root, name, tagIds);
    } catch (err) {
      setBusy(false);
      if (!isSessionEnded(err)) ui.toasts.error(DUPLICATE_FAILED_TITLE, errorMessage(err));
      return;
    }
    setBusy(false);
    ui.modals.close('duplicate');
    ui.toasts.show({ kind: 'success', title: 'Workflow duplicated', message: `Opened '${name.trim()}'. '${original.current.name}' is unchanged.` });
    // The copy holds the edits: opening it asks nothing about the original's unsaved changes.
    markConfirmed(`/workflow/${id}`);
    navigate(`/workflow/${id}`);
  };

  const showError = tried && error;
  const shownTags = tags ?? workflow.tags;

  return (
    <ModalOverlay className="dialog-overlay" isOpen={open} isDismissable={!busy} onOpenChange={(o) => !o && close()}>
      <Modal className="dialog" style={{ width: 420 }}>
        <Dialog className="dialog-content" aria-label="Duplicate workflow" data-testid="duplicate-dialog">
          <Heading slot="title" className="dialog-title">
            Duplicate workflow
          </Heading>
          <form className="dialog-form" onSubmit={(e) => void submit(e)} noValidate>
            <div className="dialog-field">
              <label className="dialog-label" htmlFor={nameId}>
                Name
              </label>
              <input
                id={nameId}
                className="input"
                value={name}
                onChange={(e) => {
                  typed.current = true;
                  setName(e.target.value);
                }}
                placeholder="Enter workflow name"
                maxLength={MAX_WORKFLOW_NAME_LENGTH + 20}
                autoFocus
                onFocus={(e) => e.target.select()}
                aria-invalid={showError ? true : undefined}
                aria-describedby={showError ? `${nameId}-error` : undefined}
                data-testid="duplicate-name"
              />
              {showError && (
                <div id={`${nameId}-error`} className="field-error" role="alert" data-testid="duplicate-name-error">
                  {error}
                </div>
              )}
            </div>
            <TagGroup
              className="dialog-field"
              selectionMode="multiple"
              selectedKeys={selected}
              onSelectionChange={(keys: Selection) => setSelected(keys === 'all' ? new Set(shownTags.map((t) => t.id)) : new Set([...keys].map(String)))}
              data-testid="duplicate-tags"
            >
              <Label className="dialog-label">Tags</Label>
              <TagList className="tag-picker" items={shownTags} renderEmptyState={() => <span className="hint">{tags ? 'No tags yet.' : tagsError ? '' : 'Loading tags…'}</span>}>
                {(t) => (
                  <Tag id={t.id} className="tag-option" textValue={t.name}>
                    {t.name}
                  </Tag>
                )}
              </TagList>
              {tagsError && <span className="field-error">Tags could not be loaded: {tagsError}</span>}
            </TagGroup>
            {original.current.dirty && (
              <p className="hint duplicate-note" data-testid="duplicate-unsaved-note">
                The copy includes your unsaved changes; '{original.current.name}' itself stays as last saved.
              </p>
            )}
            <FormDialogActions onCancel={close} busy={busy} label="Duplicate" busyLabel="Duplicating…" submitTestId="duplicate-save" />
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});
