// A pasted link to a workflow file is fetched only after the user agrees (spec 001 §5): the
// server fetches it, so the user should see where from.
import { observer } from 'mobx-react-lite';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useStores } from '../stores/context.ts';
import './dialogs.css';

export const ImportUrlDialog = observer(function ImportUrlDialog() {
  const { ui } = useStores();
  const prompt = ui.urlImportPrompt;
  return (
    <ModalOverlay className="dialog-overlay" isOpen={!!prompt} isDismissable onOpenChange={(o) => !o && ui.answerUrlImport(false)}>
      <Modal className="dialog" style={{ width: 480 }}>
        <Dialog className="dialog-content" aria-label="Import workflow from URL" data-testid="import-url-dialog">
          <Heading slot="title" className="dialog-title">
            Import workflow from URL?
          </Heading>
          <p className="dialog-text">
            The server will download the workflow file and add its nodes to this workflow:
            <code className="dialog-url">{prompt?.url}</code>
          </p>
          <div className="dialog-actions">
            <Button className="btn btn-ghost" onPress={() => ui.answerUrlImport(false)}>
              Cancel
            </Button>
            <Button className="btn btn-primary" autoFocus onPress={() => ui.answerUrlImport(true)} data-testid="import-url-confirm">
              Import
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});
