// The edit-output editor: a plain textarea with line numbers, uncontrolled so that a 10 MB text
// is not copied through React on every keystroke; the pin store reads it on save. Only the
// visible line numbers are drawn (lines never wrap). A refusal from the worker puts the caret
// at the error and marks its line.
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PinEditStore } from './pinEditStore.ts';

const LINE_HEIGHT = 19;

function countLines(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

export const PinEditor = observer(function PinEditor({ store }: { store: PinEditStore }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(400);
  const [lines, setLines] = useState(1);
  const countTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const text = store.session?.initialText;
  const error = store.error?.kind === 'invalidJson' ? store.error : undefined;

  useLayoutEffect(() => {
    const el = area.current;
    if (!el || text === undefined) return;
    el.value = text;
    setLines(countLines(text));
    store.readText = () => el.value;
    el.focus();
    el.setSelectionRange(0, 0);
    el.scrollTop = 0;
  }, [text, store]);

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => {
      ro.disconnect();
      clearTimeout(countTimer.current);
    };
  }, []);

  // The caret goes to the error, its line scrolled into view.
  useEffect(() => {
    const el = area.current;
    if (!el || !error) return;
    el.focus();
    el.setSelectionRange(error.position, error.position + 1);
    el.scrollTop = Math.max(0, (error.line - 3) * LINE_HEIGHT);
    setTop(el.scrollTop);
  }, [error]);

  const first = Math.floor(top / LINE_HEIGHT);
  const visible = Math.ceil(height / LINE_HEIGHT) + 2;
  const numbers: number[] = [];
  for (let i = first; i < Math.min(lines, first + visible); i++) numbers.push(i + 1);

  return (
    <div className="pin-editor" data-testid="ndv-pin-editor">
      <div className="pin-editor-gutter" aria-hidden="true">
        <div style={{ transform: `translateY(${first * LINE_HEIGHT - top}px)` }}>
          {numbers.map((n) => (
            <div key={n} className={error?.line === n ? 'pin-editor-line pin-editor-line-error' : 'pin-editor-line'}>
              {n}
            </div>
          ))}
        </div>
      </div>
      <textarea
        ref={area}
        className="pin-editor-text"
        aria-label="Output data as JSON"
        spellCheck={false}
        wrap="off"
        disabled={text === undefined}
        placeholder={text === undefined ? 'Preparing the output…' : undefined}
        onScroll={(e) => setTop(e.currentTarget.scrollTop)}
        onInput={(e) => {
          // Counting the lines of a 10 MB text takes a few ms: once typing pauses.
          const el = e.currentTarget;
          clearTimeout(countTimer.current);
          countTimer.current = setTimeout(() => setLines(countLines(el.value)), el.value.length > 200_000 ? 300 : 0);
        }}
        onKeyDown={(e) => {
          // Tab indents (two spaces) instead of leaving the editor; ctrl/cmd+Enter saves.
          if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey) {
            e.preventDefault();
            document.execCommand('insertText', false, '  ');
          } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void store.saveEdit();
          }
        }}
        data-testid="ndv-pin-editor-text"
      />
    </div>
  );
});
