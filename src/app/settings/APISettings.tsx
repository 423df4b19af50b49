// APISettings (/settings/api, spec 000 §2, beta): the user's API key for the public API —
// create one, copy it, delete it (confirmed) — and a link to the API playground.
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { faArrowUpRightFromSquare, faCopy, faKey, faTrash } from '@fortawesome/free-solid-svg-icons';
import { useStores } from '../stores/context.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { createApiKey, deleteApiKey, getApiKey } from '../api/users.ts';
import { basePath } from '../basePath.ts';
import { ConfirmDialog } from '../dialogs/ConfirmDialog.tsx';
import { Icon } from '../ui/Icon.tsx';
import { copyWithToast } from '../ui/copyWithToast.ts';
import { SettingsLayout, SettingsSection } from './SettingsLayout.tsx';
import { apiPlaygroundUrl } from './links.ts';

type KeyState = { kind: 'loading' } | { kind: 'none' } | { kind: 'key'; apiKey: string } | { kind: 'error'; message: string };

export const APISettings = observer(function APISettings() {
  const { settings, ui } = useStores();
  const [state, setState] = useState<KeyState>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    let cancelled = false;
    getApiKey().then(
      (r) => !cancelled && setState(r.apiKey ? { kind: 'key', apiKey: r.apiKey } : { kind: 'none' }),
      (e: unknown) => {
        if (cancelled || isSessionEnded(e)) return;
        setState({ kind: 'error', message: errorMessage(e) });
        ui.toasts.error('Could not check for an API key', errorMessage(e), false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [ui]);

  const create = async () => {
    setBusy(true);
    try {
      const r = await createApiKey();
      setState({ kind: 'key', apiKey: r.apiKey });
    } catch (e) {
      if (!isSessionEnded(e)) ui.toasts.error('Could not create an API key', errorMessage(e), false);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteApiKey();
      setConfirmDelete(false);
      setState({ kind: 'none' });
      ui.toasts.success('API key deleted', 'Programs using it no longer have access.');
    } catch (e) {
      setConfirmDelete(false);
      if (!isSessionEnded(e)) ui.toasts.error('Could not delete the API key', errorMessage(e), false);
    } finally {
      setBusy(false);
    }
  };

  const copy = (apiKey: string) => copyWithToast(ui.toasts, apiKey, { title: 'API key copied to clipboard' }, 'Could not copy the API key');

  const s = settings.settings;
  const playground = s ? apiPlaygroundUrl(s, basePath) : undefined;
  const docsLink = playground && (
    <a href={playground} target="_blank" rel="noopener noreferrer" data-testid="api-playground">
      API playground <Icon icon={faArrowUpRightFromSquare} className="icon-inline" />
    </a>
  );

  return (
    <SettingsLayout title="API" badge="Beta" testId="api-settings">
      <p className="settings-section-text">
        Use your API key to control Switchyard from other programs through its REST API: send it in the <code>X-N8N-API-KEY</code> header. The API follows n8n's public API, so
        tools written for it work. Try it in the {docsLink}. To start a workflow from another program, a Webhook node is often simpler.
      </p>
      <SettingsSection id="api-key-title" title="My API key" testId="api-key-section">
        {state.kind === 'loading' && (
          <div className="hint" role="status">
            Loading…
          </div>
        )}
        {state.kind === 'error' && <div className="field-error">Could not check for an API key: {state.message}</div>}
        {state.kind === 'none' && (
          <div className="api-empty">
            <p className="settings-section-text">You have no API key yet. Anyone holding your key can do through the API what you can do in the editor.</p>
            <button type="button" className="btn btn-primary btn-large" onClick={() => void create()} disabled={busy} data-testid="api-create">
              <Icon icon={faKey} />
              {busy ? 'Creating…' : 'Create an API key'}
            </button>
          </div>
        )}
        {state.kind === 'key' && (
          <>
            <div className="api-key-row">
              <div className="api-key-value" data-testid="api-key-value" aria-label="API key">
                {state.apiKey}
              </div>
              <button type="button" className="btn" onClick={() => void copy(state.apiKey)} data-testid="api-copy">
                <Icon icon={faCopy} />
                Copy
              </button>
              <button type="button" className="btn btn-ghost user-delete" onClick={() => setConfirmDelete(true)} disabled={busy} data-testid="api-delete">
                <Icon icon={faTrash} />
                Delete
              </button>
            </div>
            <p className="hint" style={{ margin: 0 }}>
              Keep it secret: anyone holding it acts as you through the API.
            </p>
          </>
        )}
      </SettingsSection>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this API key?"
        confirmLabel="Delete"
        danger
        busy={busy}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void remove()}
        testId="api-delete-confirm"
      >
        Any program using this API key will no longer have access to Switchyard. This cannot be undone.
      </ConfirmDialog>
    </SettingsLayout>
  );
});
