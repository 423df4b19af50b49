// A yes/no question over the page (owner setup with existing data, skipping setup, deleting an
// API key). Open while `open`; Escape or a click outside answers no.
import type { ReactNode } from 'react';
import { DialogFrame } from './DialogFrame.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <DialogFrame title={props.title} isOpen={props.open} busy={props.busy} onClose={props.onCancel} testId={props.testId} role="alertdialog">
      <div className="dialog-text">{props.children}</div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={props.onCancel} disabled={props.busy} data-testid={`${props.testId}-cancel`}>
          {props.cancelLabel ?? 'Cancel'}
        </button>
        <button type="button" className={props.danger ? 'btn btn-danger' : 'btn btn-primary'} onClick={props.onConfirm} disabled={props.busy} autoFocus data-testid={`${props.testId}-confirm`}>
          {props.confirmLabel}
        </button>
      </div>
    </DialogFrame>
  );
}
