// Toasts, top-right. Persistent ones carry a close button; details expand on demand.
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { faCircleCheck, faCircleExclamation, faCircleInfo, faTriangleExclamation, faXmark } from '@fortawesome/free-solid-svg-icons';
import { useStores } from '../stores/context.ts';
import type { Toast } from '../stores/ToastStore.ts';
import { Icon } from '../ui/Icon.tsx';
import './toasts.css';

const ICONS = { success: faCircleCheck, error: faCircleExclamation, warning: faTriangleExclamation, info: faCircleInfo };

function ToastView({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const [open, setOpen] = useState(false);
  const lines = toast.message?.split('\n') ?? [];
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="toast">
      <Icon icon={ICONS[toast.kind]} className="toast-icon" />
      <div className="toast-body">
        <div className="toast-title">{toast.title}</div>
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

export const Toasts = observer(function Toasts() {
  const { ui } = useStores();
  return (
    <div className="toasts" aria-live="polite">
      {ui.toasts.toasts.map((t) => (
        <ToastView key={t.id} toast={t} onClose={() => ui.toasts.close(t.id)} />
      ))}
    </div>
  );
});
