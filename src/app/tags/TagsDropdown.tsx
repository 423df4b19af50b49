// The tag picker (n8n's TagsDropdown): the chosen tags as chips and a text field that filters
// every tag of the instance; pick with a click or the arrow keys and Enter, create by typing a new
// name and pressing Enter (when createEnabled), remove with a chip's × or Backspace in the empty
// field, and 'Manage tags' at the bottom opens the tags manager (when manageEnabled). The keyboard
// stays in the text field the whole time (options are aria-activedescendant), so the canvas's
// shortcuts never see these keys (keyTargets.typingTarget); keydown does not bubble out either.
// Used by the header's tag editor; reusable wherever tags are picked by id (the open list's filter).
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ITag } from '../../model/workflow.ts';
import { faCirclePlus, faGear } from '@fortawesome/free-solid-svg-icons';
import { errorMessage } from '../api/errors.ts';
import { Icon } from '../ui/Icon.tsx';
import { useStores } from '../stores/context.ts';
import { defaultActiveOption, dropdownCreateErrorMessage, MAX_TAG_NAME_LENGTH, pickerOptions, stepOption, TAG_TEXTS, type PickerOption } from './tagRules.ts';
import './tags.css';

export interface TagsDropdownProps {
  /** Chosen tag ids, in order. */
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  /** Typing a name that no tag has offers 'Create tag "…"' (POST /tags), and picks the new tag. */
  createEnabled?: boolean;
  /** 'Manage tags' at the bottom of the list opens the tags manager modal. */
  manageEnabled?: boolean;
  placeholder?: string;
  /** Accessible name of the text field. */
  label: string;
  autoFocus?: boolean;
  /** Escape in the field (the header's editor cancels its edit). */
  onEsc?: () => void;
  /** Done: Enter in the empty field, 'Manage tags', or focus left the picker (click outside, Tab). */
  onDone?: () => void;
  testId?: string;
}

export const TagsDropdown = observer(function TagsDropdown(props: TagsDropdownProps) {
  const { selected, onChange, createEnabled = false, manageEnabled = false, placeholder, label, autoFocus, onEsc, onDone, testId = 'tags-dropdown' } = props;
  const { tags, ui } = useStores();
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState(!!autoFocus);
  // The option the arrow keys or the mouse chose, for the list it was chosen in; otherwise the
  // default for the filter (derived in render, so a key pressed right after typing sees it).
  const [nav, setNav] = useState<{ options: readonly PickerOption[]; index: number } | undefined>();
  const [creating, setCreating] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    tags.fetchAll().catch((e) => ui.toasts.show({ kind: 'error', title: TAG_TEXTS.couldNotFetch, message: errorMessage(e) }));
  }, [tags, ui]);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const selectedSet = useMemo(() => new Set(selected), [selected]);
  // Ids of tags that no longer exist (deleted in the manager) are not shown, and dropped on the next change.
  const chips = selected.map((id) => tags.get(id)).filter((t): t is NonNullable<typeof t> => t !== undefined);
  const all = tags.all;
  const options = useMemo(() => pickerOptions(all, selectedSet, filter, { createEnabled, manageEnabled }), [all, selectedSet, filter, createEnabled, manageEnabled]);
  const navigated = nav !== undefined && nav.options === options;
  const active = navigated ? nav.index : defaultActiveOption(options, filter);
  const setActive = (index: number) => setNav({ options, index });

  // Ids the list does not know are dropped only once a list has been read and none is on its way
  // (a tag made elsewhere since, by an import say, is fetched before its id counts as deleted).
  const known = (ids: readonly string[]) => (tags.loaded && !tags.loading ? ids.filter((id) => tags.get(id) !== undefined) : [...ids]);
  const toggle = (tag: ITag) => {
    onChange(selectedSet.has(tag.id) ? known(selected.filter((id) => id !== tag.id)) : [...known(selected), tag.id]);
    setFilter('');
  };
  const create = async (name: string) => {
    if (creating) return;
    setCreating(true);
    try {
      const tag = await tags.create(name);
      onChange([...known(selected), tag.id]);
      setFilter('');
    } catch (e) {
      ui.toasts.show({ kind: 'error', title: TAG_TEXTS.couldNotCreate, message: `${dropdownCreateErrorMessage(name)}: ${errorMessage(e)}` });
    } finally {
      setCreating(false);
    }
  };
  const choose = (o: PickerOption) => {
    if (o.kind === 'tag') toggle(o.tag);
    else if (o.kind === 'create') void create(o.name);
    else if (o.kind === 'manage') {
      setFilter('');
      setOpen(false);
      ui.modals.open('tagsManager');
      onDone?.();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Nothing typed here is a canvas or window shortcut; Escape goes on only when the picker has
    // nothing left to close (then the dialog around it, if any, closes).
    if (e.key !== 'Escape') e.stopPropagation();
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive(stepOption(options, active < 0 && e.key === 'ArrowUp' ? 0 : active, e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // Enter in the empty field is 'done' (n8n), unless an option was chosen with the arrows or the mouse.
      if (filter.trim() === '' && !navigated) onDone?.();
      else if (active >= 0 && options[active]) choose(options[active]);
    } else if (e.key === 'Escape') {
      if (!onEsc && !filter && !open) return;
      e.preventDefault();
      e.stopPropagation();
      if (onEsc) onEsc();
      else if (filter) setFilter('');
      else setOpen(false);
    } else if (e.key === 'Backspace' && filter === '' && selected.length > 0) {
      e.preventDefault();
      onChange(known(selected).slice(0, -1));
    }
  };

  const activeId = active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <div
      ref={box}
      className={`tags-picker${open ? ' tags-picker-open' : ''}`}
      data-testid={testId}
      onKeyDown={(e) => e.key !== 'Escape' && e.stopPropagation()}
      onBlur={(e) => {
        // Focus left the picker (not to one of its own parts): done.
        if (box.current && e.relatedTarget instanceof Node && box.current.contains(e.relatedTarget)) return;
        setOpen(false);
        setFilter('');
        onDone?.();
      }}
      onMouseDown={(e) => {
        // Clicks on chips, options and the box keep the keyboard in the field.
        if (e.target !== input.current) {
          e.preventDefault();
          input.current?.focus();
          setOpen(true);
        }
      }}
    >
      <div className="tags-picker-box">
        {chips.map((t) => (
          <span key={t.id} className="tag-chip" data-testid="tags-picker-chip">
            <span className="tag-chip-name" title={t.name}>
              {t.name}
            </span>
            <span
              className="tag-chip-remove"
              role="button"
              aria-label={`Remove tag ${t.name}`}
              tabIndex={-1}
              onClick={() => toggle(t)}
            >
              ×
            </span>
          </span>
        ))}
        <input
          ref={input}
          className="tags-picker-input"
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? activeId : undefined}
          placeholder={chips.length === 0 ? placeholder : undefined}
          maxLength={MAX_TAG_NAME_LENGTH}
          value={filter}
          onFocus={() => setOpen(true)}
          onChange={(e) => {
            setFilter(e.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {open && (
        <ul className="tags-picker-list" role="listbox" id={listId} aria-label="Tags" aria-multiselectable="true" aria-busy={tags.loading || creating}>
          {options.map((o, i) => (
            <li
              key={o.kind === 'tag' ? o.tag.id : o.kind}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={o.kind === 'tag' ? o.selected : false}
              aria-disabled={o.kind === 'message' || undefined}
              className={`tags-picker-option tags-picker-${o.kind}${i === active ? ' tags-picker-active' : ''}${o.kind === 'tag' && o.selected ? ' tags-picker-selected' : ''}`}
              onMouseEnter={() => o.kind !== 'message' && setActive(i)}
              onClick={() => choose(o)}
            >
              {o.kind === 'tag' && <span className="tags-picker-option-name">{o.tag.name}</span>}
              {o.kind === 'tag' && o.selected && <span className="tags-picker-check" aria-hidden="true">✓</span>}
              {o.kind === 'create' && (
                <>
                  <Icon icon={faCirclePlus} />
                  <span>{`Create tag "${o.name}"`}</span>
                </>
              )}
              {o.kind === 'message' && <span>{tags.loading && !tags.loaded ? 'Loading…' : o.text}</span>}
              {o.kind === 'manage' && (
                <>
                  <Icon icon={faGear} />
                  <span>{TAG_TEXTS.manageTags}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
