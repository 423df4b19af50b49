// Toasts, top-right over the canvas, bottom-right on other pages; with the node details view or a
// dialog open, where they hide none of its controls (toastPlacement.ts). Persistent ones carry a close button; details expand on demand.
import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useState, type CSSProperties } from 'react';
import { faCircleCheck, faCircleExclamation, faCircleInfo, faTriangleExclamation, faXmark } from '@fortawesome/free-solid-svg-icons';
import { useStores } from '../stores/context.ts';
import type { Toast } from '../stores/ToastStore.ts';
import { Icon } from '../ui/Icon.tsx';
import { useLocation } from 'wouter';
import { isCanvasRoute, toastPlacement, type Box, type ToastPlace } from './toastPlacement.ts';
import './toasts.css';

const ICONS = { success: faCircleCheck, error: faCircleExclamation, warning: faTriangleExclamation, info: faCircleInfo };

function ToastView({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const [open, setOpen] = useState(false);
  const lines = toast.message?.split('\n') ?? [];
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="toast">
      <Icon icon={ICONS[toast.kind]} className="toast-icon" />
      <div className="toast-body">
        {toast.onClick ? (
          <button
            type="button"
            className="toast-title toast-action"
            onClick={() => {
              toast.onClick?.();
              onClose();
            }}
            data-testid="toast-action"
          >
            {toast.title}
          </button>
        ) : (
          <div className="toast-title">{toast.title}</div>
        )}
        {lines.length > 0 && (
          <div className="toast-message">
            {lines.map((l, i) => (
              <div key={i}>{l}</div>
            ))}
          </div>
        )}
        {toast.details && (
          <>
            <button type="button" className="toast-details-toggle" onClick={() => setOpen(!open)} aria-expanded={open}>
              {open ? 'Hide details' : 'Show details'}
            </button>
            {open && <pre className="toast-details">{toast.details}</pre>}
          </>
        )}
      </div>
      <button type="button" className="btn btn-ghost btn-icon btn-s toast-close" onClick={onClose} aria-label="Close notification">
        <Icon icon={faXmark} />
      </button>
    </div>
  );
}

function rect(el: Element | null | undefined): Box | undefined {
  if (!el) return undefined;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : undefined;
}

/** Measures the open dialog (the last one: the topmost) and the node details view. */
function measure(path: string): ToastPlace | undefined {
  const dialogs = document.querySelectorAll('.dialog-overlay .dialog');
  const ndv = document.querySelector('[data-testid="ndv"] .ndv');
  const footer = document.querySelector('[data-testid="ndv"] .ndv-output-column [data-testid="pagination"]');
  return toastPlacement({
    view: { width: window.innerWidth, height: window.innerHeight },
    dialog: rect(dialogs[dialogs.length - 1]),
    ndv: rect(ndv),
    ndvFooterTop: rect(footer)?.top,
    page: !isCanvasRoute(path),
  });
}

function placeStyle(p: ToastPlace | undefined): CSSProperties | undefined {
  if (!p) return undefined;
  return { top: p.top ?? 'auto', bottom: p.bottom ?? 'auto', left: p.left ?? 'auto', right: p.right ?? 'auto', width: p.width, maxHeight: p.maxHeight, overflow: p.maxHeight ? 'hidden' : undefined };
}

export const Toasts = observer(function Toasts() {
  const root = useStores();
  const { ui } = root;
  const count = ui.toasts.toasts.length;
  const ndvId = ui.ndvNode?.id;
  const modal = root.modalOpen();
  const [place, setPlace] = useState<ToastPlace | undefined>();
  const [path] = useLocation();
  // Measured while toasts show: again when one comes or goes, the view or a dialog opens or
  // closes (dialogs are portals added to the body), the topmost dialog resizes, and the window resizes.
  useLayoutEffect(() => {
    if (!count) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setPlace(measure(path)));
    };
    // A dialog changes size after it opens (the open-workflow list loads, a search filters it):
    // a place chosen for its first size would leave the toasts over it, or clipped for nothing.
    const ro = new ResizeObserver(update);
    let watched: Element | undefined;
    const watchDialog = () => {
      const dialogs = document.querySelectorAll('.dialog-overlay .dialog');
      const top = dialogs[dialogs.length - 1];
      if (top === watched) return;
      if (watched) ro.unobserve(watched);
      if (top) ro.observe(top);
      watched = top;
    };
    setPlace(measure(path));
    // Again after a frame: a dialog or the view opened in this same commit may still be laying out.
    update();
    watchDialog();
    const mo = new MutationObserver(() => {
      watchDialog();
      update();
    });
    mo.observe(document.body, { childList: true });
    // The output panel's pagination comes and goes with run data.
    const output = document.querySelector('[data-testid="ndv"] .ndv-output-column');
    if (output) mo.observe(output, { childList: true, subtree: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      mo.disconnect();
      ro.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [count, ndvId, modal, path]);
  return (
    <div className="toasts" aria-live="polite" style={count ? placeStyle(place) : undefined} data-place={place ? (place.bottom !== undefined ? 'bottom' : 'top') : 'default'}>
      {ui.toasts.toasts.map((t) => (
        <ToastView key={t.id} toast={t} onClose={() => ui.toasts.close(t.id)} />
      ))}
    </div>
  );
});
