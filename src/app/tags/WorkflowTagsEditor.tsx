// The header's tag editor (spec 001 §2.2, n8n's workflow details tags): the workflow's tags (at
// most 20, then '+N': spec 001 §9), or '+ Add tag' when it has none; a click turns it into the tag
// picker. Enter in the empty field or a click outside applies the choice to the workflow (which
// becomes unsaved; the tags are saved with it as ids: spec 001 §4.5), Escape drops it. Edit mode
// ends when another workflow opens (spec 001 §4.5).
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ITag } from '../../model/workflow.ts';
import { useStores } from '../stores/context.ts';
import { TagsDropdown } from './TagsDropdown.tsx';
import { containerTags, fitCount, TAG_TEXTS } from './tagRules.ts';
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
    // Tags the list has not seen (made by an import or in another tab since it was read): read it again.
    if (tags.loaded && workflow.tags.some((t) => !tags.get(t.id))) void tags.fetchAll({ force: true }).catch(() => undefined);
    setDraft(workflow.tags.map((t) => t.id));
    setEditMode(true);
  };
  const apply = () => {
    if (!editingRef.current) return;
    setEditMode(false);
    const before = new Map(workflow.tags.map((t) => [t.id, t]));
    const next: ITag[] = [];
    // A tag the freshly read list lacks was deleted meanwhile: it is not kept (its id would not save).
    const fresh = tags.loaded && !tags.loading;
    for (const id of draftRef.current) {
      const t = tags.get(id) ?? (fresh ? undefined : before.get(id));
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
  return (
    <button type="button" className="wf-tags" data-testid="workflow-tags" onClick={start} disabled={readOnly} aria-label={`Tags: ${workflow.tags.map((t) => t.name).join(', ')}. Edit tags`}>
      <TagChips tags={workflow.tags} />
    </button>
  );
});

/** Room the '+N' chip needs after the last chip shown (its width and the gap before it). */
const COUNT_CHIP_ROOM = 48;
const CHIP_GAP = 4;

/**
 * At most 20 chips (spec 001 §9), and of those only the ones that fit the header's width (n8n's
 * responsive container); '+N' counts the rest and lists them in its tooltip. Chips that do not
 * fit stay in the layout, invisible, so they can be measured again when the header widens.
 */
const TagChips = observer(function TagChips({ tags }: { tags: readonly ITag[] }) {
  const list = useRef<HTMLSpanElement>(null);
  const { shown } = containerTags(tags);
  const [fit, setFit] = useState({ count: shown.length, left: 0 });
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const measure = () => {
      const rights = [...el.querySelectorAll<HTMLElement>('[data-testid="workflow-tag"]')].map((c) => c.offsetLeft + c.offsetWidth);
      const count = fitCount(rights, el.clientWidth, tags.length, COUNT_CHIP_ROOM);
      const left = count > 0 ? rights[count - 1] + CHIP_GAP : 0;
      setFit((f) => (f.count === count && f.left === left ? f : { count, left }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [tags]);
  const hidden = tags.slice(fit.count);
  // With a '+N', the list asks for its room too (else, sized to its chips, it would never have it).
  return (
    <span className={`wf-tags-list${hidden.length > 0 ? ' wf-tags-list-counted' : ''}`} ref={list}>
      {shown.map((t, i) => (
        <span key={t.id} className={`tag-chip${i >= fit.count ? ' tag-chip-hidden' : ''}`} data-testid="workflow-tag" aria-hidden={i >= fit.count || undefined}>
          <span className="tag-chip-name">{t.name}</span>
        </span>
      ))}
      {hidden.length > 0 && (
        <span className="tag-chip tag-chip-count" style={{ left: fit.left }} title={hidden.map((t) => t.name).join(', ')} data-testid="workflow-tags-more">
          +{hidden.length}
        </span>
      )}
    </span>
  );
});
