// The rename prompt (F2 or the rename action; spec 001 §2.4): the current name selected, Enter
// renames. The store trims it, ignores an empty name, makes it unique and updates expressions
// in other nodes that named the node.
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Button, Dialog, Heading, Input, Label, Modal, ModalOverlay, TextField } from 'react-aria-components';
import { useStores } from '../stores/context.ts';
import { renameNode } from '../commands/editNodes.ts';
import './dialogs.css';

export const RenameNodeDialog = observer(function RenameNodeDialog() {
  const root = useStores();
  const { ui, workflow } = root;
  const node = ui.renameNodeId ? workflow.nodes.get(ui.renameNodeId) : undefined;
  const [draft, setDraft] = useState('');
  useEffect(() => {
    if (node) setDraft(node.name);
  }, [node]);

  const close = () => ui.closeRename();
  const submit = () => {
    if (node) renameNode(root, node.id, draft);
    close();
  };

  return (
    <ModalOverlay className="dialog-overlay" isOpen={!!node} isDismissable onOpenChange={(o) => !o && close()}>
      <Modal className="dialog" style={{ width: 420 }}>
        <Dialog className="dialog-content" aria-label="Rename node" data-testid="rename-dialog">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Heading slot="title" className="dialog-title">
              Rename node
            </Heading>
            <TextField className="dialog-field" value={draft} onChange={setDraft} autoFocus aria-describedby="rename-hint">
              <Label className="dialog-label">New name</Label>
              <Input className="input" data-testid="rename-input" onFocus={(e) => e.currentTarget.select()} />
            </TextField>
            <p id="rename-hint" className="hint dialog-hint">
              Expressions in other nodes that use this node's name are updated.
            </p>
            <div className="dialog-actions">
              <Button className="btn btn-ghost" onPress={close}>
                Cancel
              </Button>
              <Button type="submit" className="btn btn-primary" data-testid="rename-submit">
                Rename
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});
