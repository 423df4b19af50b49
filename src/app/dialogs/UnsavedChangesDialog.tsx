// 'Save changes before leaving?' — save / discard / cancel (spec 001 §4.5).
import { observer } from 'mobx-react-lite';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useStores } from '../stores/context.ts';
import './dialogs.css';

export const UnsavedChangesDialog = observer(function UnsavedChangesDialog() {
  const { ui } = useStores();
  const open = !!ui.unsavedPrompt;
  return (
    <ModalOverlay className="dialog-overlay" isOpen={open} isDismissable onOpenChange={(o) => !o && ui.answerUnsaved('cancel')}>
      <Modal className="dialog" style={{ width: 440 }}>
        <Dialog className="dialog-content" aria-label="Save changes before leaving?">
          <Heading slot="title" className="dialog-title">
            Save changes before leaving?
          </Heading>
          <p className="dialog-text">If you don't save, you will lose your changes.</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={() => ui.answerUnsaved('cancel')}>
              Cancel
            </button>
            <button type="button" className="btn" onClick={() => ui.answerUnsaved('discard')}>
              Leave without saving
            </button>
            <button type="button" className="btn btn-primary" autoFocus onClick={() => ui.answerUnsaved('save')}>
              Save
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});
