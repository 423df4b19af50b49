// Modal 'editCredential' (spec 002 §2, §4, §5, §8): new and edit modes, 70 % × 80 %.
// Connection tab: the banners, the docs link, for OAuth types the redirect URL and the connect
// button (Google's sign-in button for Google types), and the type's properties through the
// NDV's parameter inputs (every property type: string, password, number, boolean, options,
// json, notice; hidden ones are not shown but their defaults are sent; display rules apply).
// Details tab: the name and 'Allow use by'. Sharing: a coming-soon tab (spec 002 §3 fake door).
// Save creates or updates, then tests a testable credential. A stored secret is never shown:
// it stays n8n's blank placeholder (the server keeps the stored value) until the user types a
// new one. OAuth (oauth.ts): save first, ask the server for the provider's URL, a 500×700
// popup; its 'success' message (from our own origin only) marks the credential connected.
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { faCopy, faTrashCan, faXmark } from '@fortawesome/free-solid-svg-icons';
import { CREDENTIAL_BLANK_VALUE, MAX_CREDENTIAL_NAME_LENGTH, type ICredentialType, type OAuthConnection } from '../../model/credentialTypes.ts';
import type { INodeProperties } from '../../model/nodeTypes.ts';
import {
  defaultCredentialName,
  isCredentialTestable,
  missingRequiredCredentialFields,
  UNTITLED_CREDENTIAL_NAME,
} from '../../model/nodeCredentials.ts';
import {
  getCredential,
  getNewCredentialName,
  getOAuthAuthorizationUrl,
  testCredential,
  type CredentialData,
  type CredentialListItem,
  type CredentialTestResult,
} from '../api/credentials.ts';
import { defaultNodesAccess } from '../../model/nodesAccess.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { basePath } from '../basePath.ts';
import { useStores } from '../stores/context.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { ParameterList } from '../editor/parameters/ParameterList.tsx';
import type { ParameterContext } from '../editor/parameters/types.ts';
import { Icon } from '../ui/Icon.tsx';
import { copyWithToast } from '../ui/copyWithToast.ts';
import { ConfirmDialog } from '../dialogs/ConfirmDialog.tsx';
import { CredentialTypeIcon } from './CredentialTypeIcon.tsx';
import { couldNotFind, deleteCredentialCommand, isNotFound, PROBLEM_LOADING_CREDENTIAL, selectNodeCredential } from './credentialCommands.ts';
import { documentationUrl, formatCredentialDate } from './credentialsListRows.ts';
import { isGoogleOAuth, isOAuthCredential, OAUTH_POPUP, OAUTH_SUCCESS_MESSAGE, oauthCallbackUrl, oauthVersion } from './oauth.ts';
import '../dialogs/dialogs.css';
import '../editor/parameters/parameters.css';
import './credentials.css';
import { FakeDoor } from '../settings/FakeDoor.tsx';
import { fakeDoor } from '../settings/fakeDoors.ts';

const PATH = 'credential';
export const OAUTH_AUTHORIZATION_ERROR = 'OAuth Authorization Error';
export const COULDNT_CONNECT = "Couldn't connect with these settings";
export const CHECK_ERRORS = 'Please check the errors below';

/** `nested`: the instance inside the credentials list's dialog (see CredentialSelectDialog). */
export const CredentialEditDialog = observer(function CredentialEditDialog({ nested = false }: { nested?: boolean }) {
  const { ui } = useStores();
  const state = ui.modals.state.get('editCredential');
  // Closed = unmounted: each opening starts from the server's state.
  if (!state?.open || !state.activeId || ui.modals.isOpen('credentialsList') !== nested) return null;
  return <CredentialEditor key={`${state.mode}:${state.activeId}`} mode={state.mode === 'edit' ? 'edit' : 'new'} activeId={state.activeId} />;
});

interface Form {
  id?: string;
  type: ICredentialType;
  name: string;
  data: CredentialData;
  nodesAccess: string[];
  createdAt?: string;
  updatedAt?: string;
}

type Banner = { kind: 'success' | 'error' | 'info'; title: string; message?: string; retry?: boolean; docs?: string };
type Tab = 'connection' | 'details' | 'sharing';
type Confirm = 'unsaved' | 'notConnected' | 'delete';

/** Every hidden property carries its default (n8n sends them: the server may need them). */
function withHiddenDefaults(type: ICredentialType, data: CredentialData): CredentialData {
  const out = { ...data };
  for (const p of type.properties) if (p.type === 'hidden' && out[p.name] === undefined && p.default !== undefined) out[p.name] = p.default as CredentialData[string];
  return out;
}

const CredentialEditor = observer(function CredentialEditor({ mode, activeId }: { mode: 'new' | 'edit'; activeId: string }) {
  const root = useStores();
  const { ui, credentials, workflow, nodeTypes, settings } = root;
  const [form, setForm] = useState<Form | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [tab, setTab] = useState<Tab>('connection');
  const [dirty, setDirty] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [blurred, setBlurred] = useState<Set<string>>(() => new Set());
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [banner, setBanner] = useState<Banner | undefined>();
  const [confirm, setConfirm] = useState<Confirm | undefined>();
  const [deleting, setDeleting] = useState(false);
  const [nameWarning, setNameWarning] = useState<string | undefined>();
  const [oauth, setOauth] = useState<OAuthConnection | undefined>();
  const [connecting, setConnecting] = useState(false);
  const popupCleanup = useRef<(() => void) | undefined>(undefined);
  const panel = useRef<HTMLDivElement>(null);

  const close = () => ui.modals.close('editCredential');

  useEffect(() => {
    let cancelled = false;
    (async () => {
      await credentials.load();
      if (mode === 'new') {
        const type = credentials.type(activeId);
        if (!type) throw new Error(`Could not find credential of type "${activeId}"`);
        const name = await getNewCredentialName(defaultCredentialName(type));
        const data: CredentialData = {};
        for (const p of type.properties) if (p.default !== undefined) data[p.name] = p.default as CredentialData[string];
        const usable = defaultNodesAccess(type.name, nodeTypes.descriptions, credentials.types);
        if (!cancelled) {
          setForm({ type, name, data, nodesAccess: usable });
          setOauth('notConnected');
        }
      } else {
        const stored = await getCredential(activeId, true);
        const type = credentials.type(stored.type);
        if (!type) throw new Error(`Could not find credential of type "${stored.type}"`);
        const data: CredentialData = withHiddenDefaults(type, { ...(stored.data ?? {}) });
        // Secrets are not put into the page: the placeholder keeps them on the server.
        for (const p of type.properties) if (p.typeOptions?.password && data[p.name] !== undefined && data[p.name] !== '') data[p.name] = CREDENTIAL_BLANK_VALUE;
        if (!cancelled) {
          // An empty list allows every node type (an older or imported credential): shown ticked.
          const access = stored.nodesAccess.length > 0 ? stored.nodesAccess.map((a) => a.nodeType) : defaultNodesAccess(type.name, nodeTypes.descriptions, credentials.types);
          setForm({ id: stored.id, type, name: stored.name, data, nodesAccess: access, createdAt: stored.createdAt, updatedAt: stored.updatedAt });
          setOauth(stored.oauth);
        }
      }
    })().catch((e: unknown) => {
      if (cancelled) return;
      if (isSessionEnded(e)) return;
      if (isNotFound(e)) {
        // Deleted elsewhere, or opened from a stale list: said, and gone from the list.
        credentials.forget(activeId);
        ui.toasts.error(PROBLEM_LOADING_CREDENTIAL, couldNotFind(activeId), false);
        close();
        return;
      }
      setLoadError(errorMessage(e));
      ui.toasts.error(mode === 'new' ? 'Problem creating credential' : PROBLEM_LOADING_CREDENTIAL, errorMessage(e), false);
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, activeId, credentials, nodeTypes, ui]);

  // A popup still open when the modal goes: its listener goes with it.
  useEffect(() => () => popupCleanup.current?.(), []);

  const type = form?.type;
  const properties = useMemo(
    () =>
      (type?.properties ?? []).map((p): INodeProperties => {
        const base: INodeProperties = { ...p, noDataExpression: true };
        if (p.typeOptions?.password && form?.data[p.name] === CREDENTIAL_BLANK_VALUE) return { ...base, placeholder: 'Saved – type to replace' };
        return base;
      }),
    [type, form?.data],
  );
  // Every node type that can use the type, the type's supportedNodes included (nodesAccess.ts).
  const usableBy = useMemo(() => {
    if (!type) return [];
    const names = new Set(defaultNodesAccess(type.name, nodeTypes.descriptions, credentials.types));
    const byName = new Map(nodeTypes.descriptions.filter((d) => names.has(d.name)).map((d) => [d.name, d]));
    return [...byName.values()].sort((a, b) => a.displayName.localeCompare(b.displayName));
  }, [type, nodeTypes.descriptions, credentials.types]);

  const missing = form ? missingRequiredCredentialFields(form.type, form.data) : [];
  const issues: Record<string, string[]> = {};
  for (const name of missing) if (attempted || blurred.has(name)) issues[`${PATH}.${name}`] = ['This field is required'];

  const version = form ? oauthVersion(form.type, credentials.types) : undefined;
  const isOAuth = !!form && isOAuthCredential(form.type, credentials.types, form.data);
  const connected = oauth === 'connected';
  const callbackUrl = version ? oauthCallbackUrl(version, settings.settings?.oauthCallbackUrls) : undefined;

  const update = (patch: Partial<Form>) => {
    setForm((f) => (f ? { ...f, ...patch } : f));
    setDirty(true);
    setBanner(undefined);
  };

  const requestClose = () => {
    if (confirm || deleting) return;
    if (dirty) setConfirm('unsaved');
    else if (form && isOAuth && !connected) setConfirm('notConnected');
    else close();
  };

  const keepEditing = () => {
    setConfirm(undefined);
    // Spec 002 §4: declining to close shows what is still missing (on the tab that has it).
    setAttempted(true);
    if (missing.length) setTab('connection');
  };

  const runTest = async (f: Form) => {
    setTesting(true);
    try {
      const result: CredentialTestResult = await testCredential({ id: f.id, name: f.name, type: f.type.name, data: f.data });
      setBanner(result.status === 'Error' ? { kind: 'error', title: COULDNT_CONNECT, message: result.message, retry: true } : { kind: 'success', title: 'Connection tested successfully', retry: true });
    } catch (e) {
      if (!isSessionEnded(e)) setBanner({ kind: 'error', title: COULDNT_CONNECT, message: errorMessage(e), retry: true });
    } finally {
      setTesting(false);
    }
  };

  /** Creates or updates; then tests a testable credential (unless `test` is false). The stored form, or undefined. */
  const save = async (options: { test?: boolean } = {}): Promise<Form | undefined> => {
    if (!form || saving) return undefined;
    setAttempted(true);
    if (missing.length) {
      setTab('connection');
      // Spec 002 §5: the required-field message comes with the docs link.
      const names = missing.map((n) => form.type.properties.find((p) => p.name === n)?.displayName ?? n).join(', ');
      setBanner({ kind: 'error', title: CHECK_ERRORS, message: `${names}: ${missing.length > 1 ? 'these fields are' : 'this field is'} required.`, docs: documentationUrl(form.type.documentationUrl) });
      return undefined;
    }
    // A JSON field must hold JSON (its editor marks where it breaks): nothing is saved before.
    const badJson = form.type.properties.filter((p) => p.type === 'json' && !isJson(form.data[p.name]));
    if (badJson.length) {
      setTab('connection');
      setBanner({ kind: 'error', title: CHECK_ERRORS, message: `${badJson.map((p) => p.displayName).join(', ')}: not valid JSON.`, docs: documentationUrl(form.type.documentationUrl) });
      return undefined;
    }
    if (form.id && !dirty) return form;
    const name = form.name.trim() || UNTITLED_CREDENTIAL_NAME;
    const body = { name, data: withHiddenDefaults(form.type, form.data), nodesAccess: form.nodesAccess.map((nodeType) => ({ nodeType })) };
    setSaving(true);
    setBanner(undefined);
    try {
      let saved: CredentialListItem;
      if (form.id) {
        saved = await credentials.update(form.id, body);
        workflow.renameCredentialRefs(saved.type, saved.id, saved.name);
      } else {
        saved = await credentials.create({ ...body, type: form.type.name });
        const target = credentials.takeTarget();
        if (target && workflow.nodes.has(target.nodeId)) selectNodeCredential(root, target.nodeId, target.type, { id: saved.id, name: saved.name });
      }
      const next: Form = { ...form, id: saved.id, name: saved.name, createdAt: saved.createdAt, updatedAt: saved.updatedAt };
      setForm(next);
      setDirty(false);
      if (saved.oauth) setOauth(saved.oauth);
      if (options.test !== false && isCredentialTestable(form.type, form.data)) await runTest(next);
      return next;
    } catch (e) {
      if (!isSessionEnded(e)) ui.toasts.error(form.id ? 'Problem updating credential' : 'Problem creating credential', fieldNamed(form.type, errorMessage(e)), false);
      return undefined;
    } finally {
      setSaving(false);
    }
  };

  const connect = async () => {
    if (!version || connecting) return;
    const saved = await save({ test: false });
    if (!saved?.id) return;
    const id = saved.id;
    setConnecting(true);
    let url: string;
    try {
      url = await getOAuthAuthorizationUrl(version, id);
    } catch (e) {
      setConnecting(false);
      if (!isSessionEnded(e)) ui.toasts.error(OAUTH_AUTHORIZATION_ERROR, `There was a problem generating the authorization URL: ${errorMessage(e)}`, false);
      return;
    }
    const popup = openOAuthPopup(url);
    if (!popup) {
      setConnecting(false);
      ui.toasts.error(OAUTH_AUTHORIZATION_ERROR, 'The browser blocked the sign-in window: allow pop-ups for this site and connect again.', false);
      return;
    }
    popupCleanup.current?.();
    popupCleanup.current = awaitOAuthPopup(root, popup, id, {
      connected: (c) => {
        setOauth(c.oauth ?? 'connected');
        setBanner(undefined);
        setConnecting(false);
        // The 'Account connected' banner is at the top; the button pressed was further down.
        panel.current?.scrollTo({ top: 0 });
      },
      closed: () => setConnecting(false),
    });
  };

  const confirmDelete = async () => {
    if (!form?.id) return;
    setDeleting(true);
    const gone = await deleteCredentialCommand(root, form.id, form.name);
    setDeleting(false);
    setConfirm(undefined);
    if (gone) close();
  };

  const ctx: ParameterContext = { root: form?.data ?? {}, typeVersion: 1, readOnly: false, issues };
  const docs = documentationUrl(type?.documentationUrl);
  const visibleProperties = properties.filter((p) => p.type !== 'hidden');
  const google = !!form && isGoogleOAuth(form.type, credentials.types);

  return (
    <ModalOverlay className="dialog-overlay" isOpen isDismissable={!confirm} isKeyboardDismissDisabled={!!confirm} onOpenChange={(o) => !o && requestClose()}>
      <Modal className="dialog cred-dialog">
        <Dialog className="cred-dialog-content" aria-label={form ? `${form.name} (${form.type.displayName})` : 'Credential'} data-testid="credential-edit-dialog">
          <header className="cred-head">
            <div className="cred-head-title">
              <CredentialTypeIcon type={type} size={32} />
              <div className="cred-head-text">
                <Heading slot="title" className="dialog-title cred-title" data-testid="credential-edit-name">
                  {form?.name ?? 'Loading…'}
                </Heading>
                {type && <div className="hint">{type.displayName}</div>}
              </div>
            </div>
            <div className="cred-head-actions">
              {testing && <span className="hint">Testing…</span>}
              {form?.id && (
                <button type="button" className="btn btn-ghost btn-icon" onClick={() => setConfirm('delete')} aria-label="Delete credential" title="Delete" data-testid="credential-delete">
                  <Icon icon={faTrashCan} />
                </button>
              )}
              <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={!form || saving || (!dirty && !!form?.id)} data-testid="credential-save">
                {saving ? 'Saving…' : !dirty && form?.id ? 'Saved' : 'Save'}
              </button>
              <button type="button" className="btn btn-ghost btn-icon" onClick={requestClose} aria-label="Close" data-testid="credential-close">
                <Icon icon={faXmark} />
              </button>
            </div>
          </header>
          <div className="cred-body">
            <div className="cred-tabs" role="tablist" aria-label="Credential sections" aria-orientation="vertical">
              <button type="button" role="tab" aria-selected={tab === 'connection'} className={tab === 'connection' ? 'active' : ''} onClick={() => setTab('connection')} data-testid="credential-tab-connection">
                Connection
              </button>
              <button type="button" role="tab" aria-selected={tab === 'details'} className={tab === 'details' ? 'active' : ''} onClick={() => setTab('details')} data-testid="credential-tab-details">
                Details
              </button>
              <button
                type="button"
                role="tab"
                aria-selected={tab === 'sharing'}
                className={tab === 'sharing' ? 'coming-soon active' : 'coming-soon'}
                onClick={() => setTab('sharing')}
                title="Sharing credentials is coming soon"
                data-testid="credential-tab-sharing"
              >
                Sharing <span className="cred-soon">Soon</span>
              </button>
            </div>
            <div ref={panel} className="cred-panel" role="tabpanel">
              {loadError && (
                <div className="cred-banner cred-banner-error" role="alert">
                  <strong>Could not open the credential</strong>
                  <div>{loadError}</div>
                </div>
              )}
              {!form && !loadError && <div className="hint">Loading…</div>}
              {form && tab === 'connection' && (
                <div
                  className="cred-connection"
                  onBlur={(e) => {
                    const name = properties.find((p) => e.target.id === `param-${PATH}-${p.name}`)?.name;
                    if (name && !blurred.has(name)) setBlurred(new Set([...blurred, name]));
                  }}
                >
                  {banner && (
                    <div className={`cred-banner cred-banner-${banner.kind}`} role={banner.kind === 'error' ? 'alert' : 'status'} data-testid="credential-banner">
                      <div className="cred-banner-text">
                        <strong>{banner.title}</strong>
                        {banner.message && (
                          <div className="cred-banner-message">
                            {banner.message}
                            {banner.docs && ' '}
                            {banner.docs && (
                              <a href={banner.docs} target="_blank" rel="noreferrer">
                                Open docs
                              </a>
                            )}
                          </div>
                        )}
                      </div>
                      {banner.retry && (
                        <button type="button" className="btn btn-s" onClick={() => void runTest(form)} disabled={testing} data-testid="credential-banner-retry">
                          {testing ? 'Retrying' : 'Retry'}
                        </button>
                      )}
                    </div>
                  )}
                  {isOAuth && oauth === 'connected' && (
                    <div className="cred-banner cred-banner-success" role="status" data-testid="credential-oauth-connected">
                      <div className="cred-banner-text">
                        <strong>Account connected</strong>
                      </div>
                      <button type="button" className="btn btn-s" onClick={() => void connect()} disabled={connecting} title="Reconnect OAuth Credentials" data-testid="credential-oauth-reconnect">
                        Reconnect
                      </button>
                    </div>
                  )}
                  {isOAuth && oauth === 'reconnect' && (
                    <div className="cred-banner cred-banner-error" role="alert" data-testid="credential-oauth-reconnect-banner">
                      <div className="cred-banner-text">
                        <strong>Reconnect this account</strong>
                        <div className="cred-banner-message">The provider refused to renew the access this credential had, so workflows that use it fail. Connect the account again.</div>
                      </div>
                      <button type="button" className="btn btn-s" onClick={() => void connect()} disabled={connecting} data-testid="credential-oauth-reconnect">
                        Reconnect
                      </button>
                    </div>
                  )}
                  {docs && visibleProperties.length > 0 && (
                    <div className="cred-docs hint">
                      Need help filling out these fields?{' '}
                      <a href={docs} target="_blank" rel="noreferrer" data-testid="credential-docs-link">
                        Open docs
                      </a>
                    </div>
                  )}
                  {isOAuth && callbackUrl && (
                    <div className="param cred-callback" data-testid="credential-oauth-callback">
                      <div className="param-label-row">
                        <span className="param-label">OAuth Redirect URL</span>
                      </div>
                      <button
                        type="button"
                        className="cred-copy"
                        onClick={() => void copyWithToast(ui.toasts, callbackUrl, { title: 'Redirect URL copied to clipboard' }, 'Could not copy the redirect URL')}
                        title="Click To Copy"
                        data-testid="credential-oauth-callback-copy"
                      >
                        <span className="cred-copy-value">{callbackUrl}</span>
                        <span className="cred-copy-action">
                          <Icon icon={faCopy} /> Click To Copy
                        </span>
                      </button>
                      <div className="hint cred-copy-subtitle">In {type?.displayName ?? "the service you're connecting to"}, use the URL above when prompted to enter an OAuth callback or redirect URL</div>
                    </div>
                  )}
                  <form className="params-form cred-form" onSubmit={(e) => (e.preventDefault(), void save())} data-testid="credential-connection">
                    <ParameterList
                      properties={properties}
                      values={shownData(form.data)}
                      onChange={(next) => update({ data: keepUntouchedSecrets(next, form.data, form.type) })}
                      pathPrefix={PATH}
                      ctx={ctx}
                    />
                  </form>
                  {isOAuth && !connected && (
                    <div className="cred-oauth-connect">
                      {google ? (
                        <button type="button" className="cred-google" onClick={() => void connect()} disabled={connecting || saving} aria-label="Sign in with Google" data-testid="credential-oauth-connect">
                          <img src={`${basePath}static/google-signin.svg`} alt="Sign in with Google" width={200} height={40} />
                        </button>
                      ) : (
                        <button type="button" className="btn btn-primary" onClick={() => void connect()} disabled={connecting || saving} data-testid="credential-oauth-connect">
                          {connecting ? 'Waiting for the sign-in window…' : 'Connect my account'}
                        </button>
                      )}
                      {connecting && google && <span className="hint">Waiting for the sign-in window…</span>}
                      {oauth === 'notConnected' && !connecting && <span className="hint">Not connected yet: sign in at the provider to give this credential access.</span>}
                    </div>
                  )}
                </div>
              )}
              {form && tab === 'details' && (
                <div className="cred-details params-form">
                  <div className="param">
                    <div className="param-label-row">
                      <label className="param-label" htmlFor="credential-name">
                        Credential name
                      </label>
                    </div>
                    <input
                      id="credential-name"
                      className="input"
                      value={form.name}
                      maxLength={MAX_CREDENTIAL_NAME_LENGTH}
                      onChange={(e) => {
                        setNameWarning(undefined);
                        update({ name: e.target.value.slice(0, MAX_CREDENTIAL_NAME_LENGTH) });
                      }}
                      onBlur={() => {
                        if (form.name.trim() === '') {
                          update({ name: UNTITLED_CREDENTIAL_NAME });
                          setNameWarning('Credential name cannot be empty');
                        }
                      }}
                      data-testid="credential-name-input"
                    />
                    {nameWarning && (
                      <div className="field-warning" role="status" data-testid="credential-name-warning">
                        {nameWarning}
                      </div>
                    )}
                  </div>
                  <div className="param">
                    <div className="param-label-row">
                      <span className="param-label">Allow use by</span>
                    </div>
                    {usableBy.length === 0 && <div className="hint">No installed node uses this credential type.</div>}
                    <div className="cred-access">
                      {usableBy.map((d) => (
                        <label key={d.name} className="cred-check">
                          <input
                            type="checkbox"
                            checked={form.nodesAccess.includes(d.name)}
                            onChange={(e) => update({ nodesAccess: e.target.checked ? [...form.nodesAccess, d.name] : form.nodesAccess.filter((n) => n !== d.name) })}
                          />
                          {d.displayName}
                        </label>
                      ))}
                    </div>
                  </div>
                  {form.id && (
                    <dl className="about-list cred-info" data-testid="credential-info">
                      <dt>Created</dt>
                      <dd>{form.createdAt ? formatCredentialDate(form.createdAt) : '—'}</dd>
                      <dt>Last modified</dt>
                      <dd>{form.updatedAt ? formatCredentialDate(form.updatedAt) : '—'}</dd>
                      <dt>ID</dt>
                      <dd>{form.id}</dd>
                    </dl>
                  )}
                </div>
              )}
              {form && tab === 'sharing' && (
                <div data-testid="credential-sharing">
                  <FakeDoor feature={fakeDoor('sharing')!} compact />
                </div>
              )}
            </div>
          </div>
          {(confirm === 'unsaved' || confirm === 'notConnected') && (
            <div className="cred-confirm" role="alertdialog" aria-label={confirm === 'unsaved' ? 'Close without saving?' : 'Close without connecting?'} data-testid="credential-confirm-close">
              <div>
                <strong>{confirm === 'unsaved' ? 'Close without saving?' : 'Close without connecting?'}</strong>
                <div className="hint">
                  {confirm === 'unsaved'
                    ? `Are you sure you want to throw away the changes you made to the ${form?.type.displayName ?? ''} credential?`
                    : 'You need to connect your credential for it to work'}
                </div>
              </div>
              <div className="dialog-actions">
                <button type="button" className="btn btn-ghost" autoFocus onClick={keepEditing} data-testid="credential-confirm-keep">
                  Keep Editing
                </button>
                <button type="button" className="btn btn-danger" onClick={close} data-testid="credential-confirm-discard">
                  Close
                </button>
              </div>
            </div>
          )}
          <ConfirmDialog
            open={confirm === 'delete'}
            title="Delete Credential?"
            confirmLabel="Yes, delete"
            danger
            busy={deleting}
            onConfirm={() => void confirmDelete()}
            onCancel={() => setConfirm(undefined)}
            testId="credential-delete-dialog"
          >
            Are you sure you want to delete "{form?.name}" credential? Workflows that use it will stop working until they get another credential.
          </ConfirmDialog>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});

/** The provider's sign-in page in a centred 500×700 window (spec 002 §4, §9); null when blocked. */
function openOAuthPopup(url: string): Window | null {
  const { width, height } = OAUTH_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return window.open(url, 'OAuth Authorization', `scrollbars=no,resizable=yes,status=no,titlebar=no,location=no,toolbar=no,menubar=no,width=${width},height=${height},left=${left},top=${top}`);
}

/**
 * Waits for the callback page's 'success' message — from our own origin only (any other
 * window could post one) — then closes the popup and reads the credential again (its `oauth`
 * state). A popup closed without it just ends the wait. Returns the cleanup.
 */
function awaitOAuthPopup(root: RootStore, popup: Window, id: string, on: { connected: (c: CredentialListItem) => void; closed: () => void }): () => void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    window.removeEventListener('message', onMessage);
    clearInterval(timer);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || event.data !== OAUTH_SUCCESS_MESSAGE) return;
    finish();
    popup.close();
    root.credentials.reread(id).then(
      (c) => on.connected(c),
      (e: unknown) => {
        on.closed();
        if (!isSessionEnded(e)) root.ui.toasts.error(OAUTH_AUTHORIZATION_ERROR, errorMessage(e), false);
      },
    );
  };
  // The window closed (by the user, or by the callback page right after its message, which may
  // not have arrived yet): the stored state says whether it connected.
  const timer = setInterval(() => {
    if (!popup.closed || done) return;
    finish();
    root.credentials.reread(id).then(
      (c) => (c.oauth === 'connected' ? on.connected(c) : on.closed()),
      () => on.closed(),
    );
  }, 500);
  window.addEventListener('message', onMessage);
  return finish;
}

/**
 * The server names a refused field by its API path ('body/data/json: …'); the user knows it by
 * its label ('JSON: …').
 */
function fieldNamed(type: ICredentialType, message: string): string {
  return message.replace(/^body\/data\/([A-Za-z0-9_]+)(?=[: ])/, (_, name: string) => type.properties.find((p) => p.name === name)?.displayName ?? name);
}

/** Empty, an expression, or text that parses as JSON. */
function isJson(v: unknown): boolean {
  if (typeof v !== 'string' || v.trim() === '' || v.startsWith('=')) return true;
  try {
    JSON.parse(v);
    return true;
  } catch {
    return false;
  }
}

/** The form values as the inputs show them: an untouched stored secret shows as empty. */
function shownData(data: CredentialData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) out[k] = v === CREDENTIAL_BLANK_VALUE ? '' : v;
  return out;
}

/** Inputs report every value; secrets the user did not touch stay the placeholder. */
function keepUntouchedSecrets(next: Record<string, unknown>, before: CredentialData, type: ICredentialType): CredentialData {
  const out: CredentialData = {};
  for (const [k, v] of Object.entries(next)) {
    const secret = type.properties.find((p) => p.name === k)?.typeOptions?.password;
    out[k] = secret && before[k] === CREDENTIAL_BLANK_VALUE && v === '' ? CREDENTIAL_BLANK_VALUE : (v as CredentialData[string]);
  }
  return out;
}
