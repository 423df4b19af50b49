// Modal 'tagsManager' (spec 002 §2, §4, §5, §6, §8, §9): search, Add new, a table of tag name,
// usage and edit/delete actions, and Done; a no-tags view with 'Create a tag'. One row at a time
// is created (a new row on top), renamed or deleted (an 'are you sure' row); while one is, the
// other rows and the header are disabled. Enter applies, Esc cancels (neither while saving);
// Enter with no row in a mode closes the modal when tags exist, else starts creating. Tags just
// created or renamed stay visible whatever the search. Deleting is for the owner and the default
// user (the server refuses members too). Usage counts come from GET /tags?withUsageCount=true,
// fetched each time the modal opens.
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { faPen, faPlus, faTags, faTrash } from '@fortawesome/free-solid-svg-icons';
import { errorMessage } from '../api/errors.ts';
import { Icon } from '../ui/Icon.tsx';
import { returnFocusToCanvas } from '../editor/canvas/canvasFocus.ts';
import { useStores } from '../stores/context.ts';
import { canDeleteTags, managerRows, MAX_TAG_NAME_LENGTH, TAG_TEXTS, tagErrorMessage, type ManagerMode, type ManagerRow } from './tagRules.ts';
import './tags.css';

/** Focus moves into a new or edited row's field after its transition, and to a delete row sooner (spec 002 §2). */
const INPUT_FOCUS_DELAY_MS = 350;
const DELETE_FOCUS_DELAY_MS = 100;

export const TagsManagerDialog = observer(function TagsManagerDialog() {
  const { ui, tags, users } = useStores();
  const open = ui.modals.isOpen('tagsManager');
  const [mode, setMode] = useState<ManagerMode>({ kind: 'list' });
  const [search, setSearch] = useState('');
  const [newName, setNewName] = useState('');
  const [sticky, setSticky] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    setMode({ kind: 'list' });
    setSearch('');
    setNewName('');
    setSticky(new Set());
    setSaving(false);
    tags.fetchAll({ force: true, withUsageCount: true }).catch((e) => ui.toasts.show({ kind: 'error', title: TAG_TEXTS.couldNotFetch, message: `A problem occurred when trying to fetch tags: ${errorMessage(e)}` }));
    return () => returnFocusToCanvas();
  }, [open, tags, ui]);

  // A key pressed while focus is nowhere (on the body: the row that had it went away, or the
  // modal opened from a picker that closed) still belongs to the modal, as n8n's modals' keys do.
  const keyRef = useRef<((e: globalThis.KeyboardEvent, focusLost: boolean) => void) | undefined>(undefined);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || (e.target !== document.body && e.target !== document.documentElement)) return;
      if (ui.modals.active === 'tagsManager') keyRef.current?.(e, true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, ui]);

  // Focus follows the mode, after the row has appeared; in the list, once loading has enabled the search field.
  const busyLoading = tags.loading;
  useEffect(() => {
    if (mode.kind === 'list') {
      // Back in the list with the row that had focus gone: the search field takes it, so Enter
      // and Esc still reach the modal.
      const a = document.activeElement;
      if (body.current && (!a || !body.current.contains(a))) (searchInput.current ?? body.current.querySelector<HTMLElement>('button'))?.focus();
      return;
    }
    const [target, delay] = mode.kind === 'delete' ? [deleteButton, DELETE_FOCUS_DELAY_MS] : [nameInput, INPUT_FOCUS_DELAY_MS];
    const t = setTimeout(() => target.current?.focus(), delay);
    return () => clearTimeout(t);
  }, [mode, busyLoading, open]);

  if (!open) return null;

  const all = tags.all;
  const hasTags = all.length > 0;
  const loading = tags.loading && !tags.loaded;
  const canDelete = canDeleteTags(users.currentUser?.globalRole.name);
  const creating = mode.kind === 'create';
  const rows = managerRows(all, mode, search, sticky, canDelete);
  const headerDisabled = tags.loading || mode.kind !== 'list';
  const close = () => {
    if (saving) return;
    ui.modals.close('tagsManager');
  };

  const keep = (id: string) => setSticky((s) => new Set([...s, id]));
  const fail = (title: string, message: string, e: unknown) => ui.toasts.show({ kind: 'error', title, message: `${message} ${errorMessage(e)}` });

  const startCreate = () => {
    setNewName('');
    setMode({ kind: 'create' });
  };
  const startUpdate = (row: ManagerRow) => {
    setNewName(row.tag.name);
    setMode({ kind: 'update', id: row.tag.id });
  };
  const cancel = () => {
    if (saving) return;
    setNewName('');
    setMode({ kind: 'list' });
  };
  const apply = async () => {
    if (saving || mode.kind === 'list') return;
    setSaving(true);
    try {
      if (mode.kind === 'create') {
        const name = newName.trim();
        try {
          const tag = await tags.create(name);
          keep(tag.id);
          setNewName('');
          setMode({ kind: 'list' });
        } catch (e) {
          fail(TAG_TEXTS.couldNotCreate, tagErrorMessage('create', name), e);
        }
      } else if (mode.kind === 'update') {
        const old = tags.get(mode.id)?.name ?? '';
        const name = newName.trim();
        try {
          const unchanged = name === old;
          await tags.rename(mode.id, name);
          keep(mode.id);
          setNewName('');
          setMode({ kind: 'list' });
          if (!unchanged) ui.toasts.show({ kind: 'success', title: TAG_TEXTS.tagUpdated });
        } catch (e) {
          fail(TAG_TEXTS.couldNotUpdate, tagErrorMessage('update', old), e);
        }
      } else {
        const name = tags.get(mode.id)?.name ?? '';
        try {
          await tags.delete(mode.id);
          setMode({ kind: 'list' });
          ui.toasts.show({ kind: 'success', title: TAG_TEXTS.tagDeleted });
        } catch (e) {
          fail(TAG_TEXTS.couldNotDelete, tagErrorMessage('delete', name), e);
        }
      }
    } finally {
      setSaving(false);
    }
  };

  /** Enter applies, Esc cancels the row; Enter in the list closes (or, with no tags, starts creating). */
  const handleKey = (e: { key: string; target: EventTarget | null; isComposing: boolean; preventDefault(): void; stopPropagation(): void }, focusLost: boolean) => {
    const onButton = e.target instanceof HTMLButtonElement;
    if (e.key === 'Escape' && (mode.kind !== 'list' || focusLost)) {
      // A row's Esc cancels the row, not the modal.
      e.preventDefault();
      e.stopPropagation();
      if (mode.kind !== 'list') cancel();
      else close();
    } else if (e.key === 'Enter' && !onButton && !e.isComposing) {
      e.preventDefault();
      if (mode.kind !== 'list') void apply();
      else if (loading || saving) return;
      else if (hasTags) close();
      else startCreate();
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => handleKey({ key: e.key, target: e.target, isComposing: e.nativeEvent.isComposing, preventDefault: () => e.preventDefault(), stopPropagation: () => e.stopPropagation() }, false);
  keyRef.current = handleKey;

  const showList = hasTags || creating;
  return (
    <ModalOverlay className="dialog-overlay" isOpen isDismissable={!saving && mode.kind === 'list'} isKeyboardDismissDisabled={saving || mode.kind !== 'list'} onOpenChange={(o) => !o && close()}>
      <Modal className="dialog tags-manager" style={{ minWidth: 620, minHeight: 420 }}>
        <Dialog className="dialog-content tags-manager-content" aria-label={TAG_TEXTS.manageTags} data-testid="tags-manager">
          <div className="tags-manager-body" ref={body} onKeyDown={onKeyDown}>
          <Heading slot="title" className="dialog-title">
            {TAG_TEXTS.manageTags}
          </Heading>
          {loading && !hasTags ? (
            <div className="hint tags-manager-loading">Loading…</div>
          ) : !showList ? (
            <div className="tags-manager-empty" data-testid="tags-manager-empty">
              <Icon icon={faTags} className="tags-manager-empty-icon" />
              <div className="tags-manager-empty-headline">{TAG_TEXTS.readyToOrganize}</div>
              <div className="tags-manager-empty-text">{TAG_TEXTS.withTagsYouReFree}</div>
              <button type="button" className="btn btn-primary btn-large" onClick={startCreate} autoFocus>
                {TAG_TEXTS.createATag}
              </button>
            </div>
          ) : (
            <>
              <div className="tags-manager-header">
                <input
                  ref={searchInput}
                  className="input tags-manager-search"
                  type="search"
                  placeholder={TAG_TEXTS.searchTags}
                  aria-label={TAG_TEXTS.searchTags}
                  value={search}
                  maxLength={MAX_TAG_NAME_LENGTH}
                  disabled={headerDisabled}
                  onChange={(e) => {
                    setSticky(new Set());
                    setSearch(e.target.value);
                  }}
                  autoFocus
                />
                <button type="button" className="btn btn-primary" onClick={startCreate} disabled={headerDisabled}>
                  <Icon icon={faPlus} /> {TAG_TEXTS.addNew}
                </button>
              </div>
              <div className="tags-manager-table-wrap">
                <table className="tags-manager-table" data-testid="tags-table">
                  <thead>
                    <tr>
                      <th scope="col">{TAG_TEXTS.name}</th>
                      <th scope="col" className="tags-manager-usage">
                        {TAG_TEXTS.usage}
                      </th>
                      <th scope="col" className="tags-manager-ops">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {creating && (
                      <tr className="tags-manager-row tags-manager-row-create" data-testid="tags-row-create">
                        <td>
                          <input
                            ref={nameInput}
                            className="input tags-manager-name-input"
                            aria-label="New tag name"
                            value={newName}
                            maxLength={MAX_TAG_NAME_LENGTH}
                            onChange={(e) => setNewName(e.target.value)}
                          />
                        </td>
                        <td />
                        <td className="tags-manager-ops">
                          <div className="tags-manager-actions">
                            <button type="button" className="btn btn-ghost" onClick={cancel} disabled={saving}>
                              {TAG_TEXTS.cancel}
                            </button>
                            <button type="button" className="btn btn-primary" onClick={() => void apply()} disabled={saving}>
                              {TAG_TEXTS.createTag}
                            </button>
                          </div>
                        </td>
                      </tr>
                    )}
                    {rows.map((row) => (
                      <TagRow
                        key={row.tag.id}
                        row={row}
                        saving={saving}
                        newName={newName}
                        setNewName={setNewName}
                        nameInput={nameInput}
                        deleteButton={deleteButton}
                        onEdit={() => startUpdate(row)}
                        onDelete={() => setMode({ kind: 'delete', id: row.tag.id })}
                        onCancel={cancel}
                        onApply={() => void apply()}
                      />
                    ))}
                    {rows.length === 0 && !creating && (
                      <tr>
                        <td colSpan={3} className="tags-manager-none">
                          {TAG_TEXTS.noMatchingTagsExist}
                        </td>
                      </tr>
                    )}
                  </tbody>
                </table>
              </div>
            </>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={close} disabled={saving} data-testid="tags-manager-done">
              {TAG_TEXTS.done}
            </button>
          </div>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});

interface TagRowProps {
  row: ManagerRow;
  saving: boolean;
  newName: string;
  setNewName: (name: string) => void;
  nameInput: RefObject<HTMLInputElement | null>;
  deleteButton: RefObject<HTMLButtonElement | null>;
  onEdit: () => void;
  onDelete: () => void;
  onCancel: () => void;
  onApply: () => void;
}

function TagRow({ row, saving, newName, setNewName, nameInput, deleteButton, onEdit, onDelete, onCancel, onApply }: TagRowProps) {
  const { tag } = row;
  const cls = `tags-manager-row${row.disabled ? ' tags-manager-row-disabled' : ''}${row.update ? ' tags-manager-row-update' : ''}${row.delete ? ' tags-manager-row-delete' : ''}`;
  if (row.delete) {
    return (
      <tr className={cls} data-testid="tags-row" data-tag-id={tag.id}>
        <td colSpan={2} className="tags-manager-confirm">
          {TAG_TEXTS.areYouSure}
        </td>
        <td className="tags-manager-ops">
          <div className="tags-manager-actions">
            <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={saving}>
              {TAG_TEXTS.cancel}
            </button>
            <button ref={deleteButton} type="button" className="btn btn-danger" onClick={onApply} disabled={saving}>
              {TAG_TEXTS.deleteTag}
            </button>
          </div>
        </td>
      </tr>
    );
  }
  if (row.update) {
    return (
      <tr className={cls} data-testid="tags-row" data-tag-id={tag.id}>
        <td>
          <input ref={nameInput} className="input tags-manager-name-input" aria-label="Tag name" value={newName} maxLength={MAX_TAG_NAME_LENGTH} onChange={(e) => setNewName(e.target.value)} />
        </td>
        <td className="tags-manager-usage">{row.usage}</td>
        <td className="tags-manager-ops">
          <div className="tags-manager-actions">
            <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={saving}>
              {TAG_TEXTS.cancel}
            </button>
            <button type="button" className="btn btn-primary" onClick={onApply} disabled={saving}>
              {TAG_TEXTS.saveChanges}
            </button>
          </div>
        </td>
      </tr>
    );
  }
  return (
    <tr className={cls} data-testid="tags-row" data-tag-id={tag.id} aria-disabled={row.disabled || undefined}>
      <td className="tags-manager-name">{tag.name}</td>
      <td className="tags-manager-usage">{row.usage}</td>
      <td className="tags-manager-ops">
        {!row.disabled && (
          <div className="tags-manager-actions tags-manager-row-actions">
            <button type="button" className="btn btn-ghost btn-icon btn-s" title={TAG_TEXTS.editTag} aria-label={`${TAG_TEXTS.editTag} ${tag.name}`} onClick={onEdit}>
              <Icon icon={faPen} />
            </button>
            {row.canDelete && (
              <button type="button" className="btn btn-ghost btn-icon btn-s" title={TAG_TEXTS.deleteTag} aria-label={`${TAG_TEXTS.deleteTag} ${tag.name}`} onClick={onDelete}>
                <Icon icon={faTrash} />
              </button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
