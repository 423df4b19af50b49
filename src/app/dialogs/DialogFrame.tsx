// The frame of the account dialogs (spec 002 §8, 460px): overlay, modal, the dialog named by its
// title, and the Cancel / submit row of a dialog's form. Nothing closes it while busy, so an
// answer on its way is not lost.
import { useEffect, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { returnFocusToCanvas } from '../editor/canvas/canvasFocus.ts';
import './dialogs.css';

export interface DialogFrameProps {
  title: string;
  busy?: boolean;
  onClose: () => void;
  testId: string;
  isOpen?: boolean;
  role?: 'dialog' | 'alertdialog';
  /** False: neither Escape nor a click outside closes it (it must be answered). */
  dismissable?: boolean;
  children: ReactNode;
}

export function DialogFrame({ title, busy, onClose, testId, isOpen = true, role, dismissable = true, children }: DialogFrameProps) {
  // Closed over the editor: the keyboard goes back to the canvas (when focus was lost with the dialog).
  useEffect(() => {
    if (!isOpen) return;
    return () => returnFocusToCanvas();
  }, [isOpen]);
  return (
    <ModalOverlay className="dialog-overlay" isOpen={isOpen} isDismissable={dismissable && !busy} isKeyboardDismissDisabled={!dismissable} onOpenChange={(o) => !o && onClose()}>
      <Modal className="dialog" style={{ width: 460 }}>
        <Dialog className="dialog-content" aria-label={title} data-testid={testId} role={role}>
          <Heading slot="title" className="dialog-title">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface DialogFormActionsProps {
  busy: boolean;
  onCancel: () => void;
  label: string;
  busyLabel: string;
  /** Submit disabled besides while busy (nothing to send yet). */
  disabled?: boolean;
  danger?: boolean;
  testId: string;
}

export function DialogFormActions({ busy, onCancel, label, busyLabel, disabled, danger, testId }: DialogFormActionsProps) {
  return (
    <div className="dialog-actions">
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className={danger ? 'btn btn-danger' : 'btn btn-primary'} disabled={busy || disabled} data-testid={testId}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
