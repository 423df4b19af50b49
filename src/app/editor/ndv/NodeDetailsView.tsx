// The node details view (spec 001 §2.7): input | parameters | output over the canvas (the
// trigger panel instead of the input for trigger nodes). The middle panel can be dragged
// sideways and resized; Escape or the backdrop closes it, and the keyboard goes back to the canvas.
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { faXmark } from '@fortawesome/free-solid-svg-icons';
import { NDV_FIXED_SIDE, NDV_FIXED_SIDE_WIDE, NDV_WIDE_WINDOW } from '../../../model/constants.ts';
import { isTriggerType } from '../../../model/nodeTypes.ts';
import { useStores } from '../../stores/context.ts';
import { Icon } from '../../ui/Icon.tsx';
import { MainPanel } from './MainPanel.tsx';
import { InputPanel } from './InputPanel.tsx';
import { TriggerPanel } from './TriggerPanel.tsx';
import { ExecutionNotice } from './RunErrorView.tsx';
import { returnFocusToCanvas } from '../canvas/canvasFocus.ts';
import { commandForKey } from '../../../canvas/interaction/keyboard.ts';
import { typingTarget } from '../../views/keyTargets.ts';
import { OutputPanel } from './OutputPanel.tsx';
import { clampLayout, defaultLayout, type PanelLayout } from './panelLayout.ts';
import './ndv.css';
import '../parameters/parameters.css';

type Drag = { kind: 'move' | 'left' | 'right'; startX: number; start: PanelLayout };

export const NodeDetailsView = observer(function NodeDetailsView() {
  const { ui, nodeTypes } = useStores();
  const node = ui.ndvNode;
  const body = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const [total, setTotal] = useState(0);
  const [layout, setLayout] = useState<PanelLayout | undefined>();
  const drag = useRef<Drag | undefined>(undefined);
  const d = node ? nodeTypes.get(node.type, node.typeVersion) : undefined;
  const trigger = !!d && (isTriggerType(d) || d.inputs.length === 0);

  useLayoutEffect(() => {
    const el = body.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setTotal(el.clientWidth));
    ro.observe(el);
    setTotal(el.clientWidth);
    return () => ro.disconnect();
  }, [node?.id]);

  // A new node (or a trigger / regular switch) starts from the default layout.
  useEffect(() => setLayout(undefined), [node?.id, trigger]);

  // Opened (double-click, Enter, the node creator): the keyboard moves into the view, as into
  // a dialog, so Escape closes it and Delete, 'd' or ctrl+a never act on the canvas behind it.
  // Closed (Escape, ×, the backdrop, the node deleted): focus was inside the view, which is
  // gone, so the canvas takes the keyboard again and the next shortcut works.
  const openId = node?.id;
  useEffect(() => {
    if (!openId) return;
    const el = dialog.current;
    if (el && !el.contains(document.activeElement)) el.focus({ preventScroll: true });
    return () => returnFocusToCanvas();
  }, [openId]);

  // While open, a key that still lands on the canvas (focus put back there by a click through
  // or Tab out of the view) is not a canvas command: Escape closes the view, the canvas's own
  // keys (Delete, arrows, Enter, ctrl+a …) are dropped and the keyboard goes back into the view.
  useEffect(() => {
    if (!openId) return;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target;
      if (!(t instanceof HTMLElement) || !t.closest('[data-testid="canvas-host"]') || typingTarget(t)) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopImmediatePropagation();
        ui.closeNdv();
        return;
      }
      if (!commandForKey(e)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      dialog.current?.focus({ preventScroll: true });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [openId, ui]);

  if (!node) return null;

  const narrow = trigger ? (window.innerWidth > NDV_WIDE_WINDOW ? NDV_FIXED_SIDE_WIDE : NDV_FIXED_SIDE) : undefined;
  const l = total ? clampLayout(layout ?? defaultLayout(total, narrow), total) : { left: 0, width: 0 };

  const startDrag = (kind: Drag['kind']) => (e: ReactPointerEvent) => {
    if (e.button !== 0) return;
    e.preventDefault();
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { kind, startX: e.clientX, start: l };
  };
  const onMove = (e: ReactPointerEvent) => {
    const g = drag.current;
    if (!g) return;
    const dx = e.clientX - g.startX;
    const next =
      g.kind === 'move'
        ? { ...g.start, left: g.start.left + dx }
        : g.kind === 'left'
          ? { left: g.start.left + dx, width: g.start.width - dx }
          : { left: g.start.left, width: g.start.width + dx };
    setLayout(clampLayout(next, total));
  };
  const endDrag = () => (drag.current = undefined);

  return (
    <div className="ndv-backdrop" onPointerDown={(e) => e.target === e.currentTarget && ui.closeNdv()} data-testid="ndv">
      <div ref={dialog} className="ndv" role="dialog" aria-label={`Node ${node.name}`} aria-modal="false" tabIndex={-1} style={{ outline: 'none' }} data-testid="ndv-dialog">
        <button type="button" className="btn btn-ghost btn-icon ndv-close" onClick={() => ui.closeNdv()} aria-label="Close node details" data-testid="ndv-close">
          <Icon icon={faXmark} />
        </button>
        <div ref={body} className="ndv-body" onPointerMove={onMove} onPointerUp={endDrag} onPointerCancel={endDrag}>
          {total > 0 && (
            <>
              <div className="ndv-side" style={{ width: l.left }}>
                {trigger && d ? <TriggerPanel node={node} description={d} /> : <InputPanel node={node} />}
              </div>
              <div className="ndv-center" style={{ left: l.left, width: l.width }}>
                <div className="ndv-resize ndv-resize-left" onPointerDown={startDrag('left')} role="separator" aria-orientation="vertical" aria-label="Resize" />
                <MainPanel node={node} onDragStart={startDrag('move')} />
                <div className="ndv-resize ndv-resize-right" onPointerDown={startDrag('right')} role="separator" aria-orientation="vertical" aria-label="Resize" />
              </div>
              <div className="ndv-side ndv-side-right ndv-output-column" style={{ left: l.left + l.width }}>
                <ExecutionNotice node={node} />
                <OutputPanel node={node} />
              </div>
            </>
          )}
        </div>
      </div>
    </div>
  );
});
