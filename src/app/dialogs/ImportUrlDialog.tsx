// Import from URL (spec 001 §5): a pasted link to a workflow file is fetched only after the user
// agrees (the server fetches it, so the user should see where from); the sidebar's Import from
// URL asks for the link, which must be http or https and end in .json ('Invalid URL').
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { isWorkflowUrl } from '../../model/clipboard.ts';
import { useStores } from '../stores/context.ts';
import './dialogs.css';

export const INVALID_URL = 'Invalid URL';

export const ImportUrlDialog = observer(function ImportUrlDialog() {
  const { ui } = useStores();
  const prompt = ui.urlImportPrompt;
  const inputId = useId();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    setUrl(prompt?.url ?? '');
    setError(undefined);
  }, [prompt]);

  const editable = !!prompt?.editable;
  const submit = () => {
    if (!editable) return ui.answerUrlImport(true);
    const typed = url.trim();
    if (!isWorkflowUrl(typed)) {
      setError(INVALID_URL);
      return;
    }
    ui.answerUrlImport(true, typed);
  };

  return (
    <ModalOverlay className="dialog-overlay" isOpen={!!prompt} isDismissable onOpenChange={(o) => !o && ui.answerUrlImport(false)}>
      <Modal className="dialog" style={{ width: 480 }}>
        <Dialog className="dialog-content" aria-label="Import workflow from URL" data-testid="import-url-dialog">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Heading slot="title" className="dialog-title">
              {editable ? 'Import workflow from URL' : 'Import workflow from URL?'}
            </Heading>
            {editable ? (
              <div className="dialog-field dialog-hint">
                <label className="dialog-label" htmlFor={inputId}>
                  Workflow URL
                </label>
                <input
                  id={inputId}
                  className="input"
                  value={url}
                  onChange={(e) => {
                    setUrl(e.target.value);
                    setError(undefined);
                  }}
                  placeholder="https://example.com/workflow.json"
                  autoFocus
                  spellCheck={false}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
                  data-testid="import-url-input"
                />
                {error ? (
                  <div id={`${inputId}-error`} className="field-error" role="alert">
                    {error}
                  </div>
                ) : (
                  <div id={`${inputId}-hint`} className="hint">
                    A link to a workflow file (http or https, ending in .json). The server downloads it and its nodes are added to this workflow.
                  </div>
                )}
              </div>
            ) : (
              <p className="dialog-text">
                The server will download the workflow file and add its nodes to this workflow:
                <code className="dialog-url">{prompt?.url}</code>
              </p>
            )}
            <div className="dialog-actions">
              <Button className="btn btn-ghost" onPress={() => ui.answerUrlImport(false)}>
                Cancel
              </Button>
              <Button type="submit" className="btn btn-primary" autoFocus={!editable} data-testid="import-url-confirm">
                Import
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});
