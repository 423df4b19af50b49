// A yes/no question over the page (owner setup with existing data, skipping setup, deleting an
// API key). Open while `open`; Escape or a click outside answers no.
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import './dialogs.css';

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
    <ModalOverlay className="dialog-overlay" isOpen={props.open} isDismissable={!props.busy} onOpenChange={(o) => !o && props.onCancel()}>
      <Modal className="dialog" style={{ width: 460 }}>
        <Dialog className="dialog-content" aria-label={props.title} data-testid={props.testId} role="alertdialog">
          <Heading slot="title" className="dialog-title">
            {props.title}
          </Heading>
          <div className="dialog-text">{props.children}</div>
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={props.onCancel} disabled={props.busy} data-testid={`${props.testId}-cancel`}>
              {props.cancelLabel ?? 'Cancel'}
            </button>
            <button type="button" className={props.danger ? 'btn btn-danger' : 'btn btn-primary'} onClick={props.onConfirm} disabled={props.busy} autoFocus data-testid={`${props.testId}-confirm`}>
              {props.confirmLabel}
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
