// Modal 'editCredential' (spec 002 §2, §4, §5): new and edit modes. Connection tab: the type's
// properties through the NDV's parameter inputs (secrets as password fields); Details tab: the
// name and 'Allow use by'. Save creates or updates, then tests a testable credential. A stored
// secret is never shown: it stays n8n's blank placeholder (the server keeps the stored value)
// until the user types a new one.
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { faXmark } from '@fortawesome/free-solid-svg-icons';
import { CREDENTIAL_BLANK_VALUE, MAX_CREDENTIAL_NAME_LENGTH, type ICredentialType } from '../../model/credentialTypes.ts';
import type { INodeProperties } from '../../model/nodeTypes.ts';
import {
  defaultCredentialName,
  isCredentialTestable,
  missingRequiredCredentialFields,
  nodeTypesUsingCredential,
  UNTITLED_CREDENTIAL_NAME,
} from '../../model/nodeCredentials.ts';
import { getCredential, getNewCredentialName, testCredential, type CredentialData, type CredentialTestResult } from '../api/credentials.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { useStores } from '../stores/context.ts';
import { ParameterList } from '../editor/parameters/ParameterList.tsx';
import type { ParameterContext } from '../editor/parameters/types.ts';
import { Icon } from '../ui/Icon.tsx';
import '../dialogs/dialogs.css';
import '../editor/parameters/parameters.css';
import './credentials.css';

const DOCS_BASE = 'https://docs.n8n.io/integrations/builtin/credentials/';
const PATH = 'credential';

/** Spec 002 §5: a relative documentation path is prefixed with the docs site. */
export function documentationUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\//.test(url) ? url : `${DOCS_BASE}${url}/`;
}

export const CredentialEditDialog = observer(function CredentialEditDialog() {
  const { ui } = useStores();
  const state = ui.modals.state.get('editCredential');
  // Closed = unmounted: each opening starts from the server's state.
  if (!state?.open || !state.activeId) return null;
  return <CredentialEditor key={`${state.mode}:${state.activeId}`} mode={state.mode === 'edit' ? 'edit' : 'new'} activeId={state.activeId} />;
});

interface Form {
  id?: string;
  type: ICredentialType;
  name: string;
  data: CredentialData;
  nodesAccess: string[];
}

type Banner = { kind: 'success' | 'error' | 'info'; title: string; message?: string; retry?: boolean };

const CredentialEditor = observer(function CredentialEditor({ mode, activeId }: { mode: 'new' | 'edit'; activeId: string }) {
  const { ui, credentials, workflow, nodeTypes } = useStores();
  const [form, setForm] = useState<Form | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [tab, setTab] = useState<'connection' | 'details'>('connection');
  const [dirty, setDirty] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [blurred, setBlurred] = useState<Set<string>>(() => new Set());
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [banner, setBanner] = useState<Banner | undefined>();
  const [confirmClose, setConfirmClose] = useState(false);
  const [nameWarning, setNameWarning] = useState<string | undefined>();

  const close = () => ui.modals.close('editCredential');

  useEffect(() => {
    let cancelled = false;
    (async () => {
      await credentials.load();
      if (mode === 'new') {
        const type = credentials.type(activeId);
        if (!type) throw new Error(`Credential type "${activeId}" not found`);
        const name = await getNewCredentialName(defaultCredentialName(type));
        const data: CredentialData = {};
        for (const p of type.properties) if (p.default !== undefined) data[p.name] = p.default as CredentialData[string];
        const usable = nodeTypesUsingCredential(type.name, nodeTypes.descriptions, credentials.types).map((d) => d.name);
        if (!cancelled) setForm({ type, name, data, nodesAccess: usable });
      } else {
        const stored = await getCredential(activeId, true);
        const type = credentials.type(stored.type);
        if (!type) throw new Error(`Credential type "${stored.type}" not found`);
        const data: CredentialData = { ...(stored.data ?? {}) };
        // Secrets are not put into the page: the placeholder keeps them on the server.
        for (const p of type.properties) if (p.typeOptions?.password && data[p.name] !== undefined && data[p.name] !== '') data[p.name] = CREDENTIAL_BLANK_VALUE;
        if (!cancelled) setForm({ id: stored.id, type, name: stored.name, data, nodesAccess: stored.nodesAccess.map((a) => a.nodeType) });
      }
    })().catch((e: unknown) => {
      if (cancelled) return;
      setLoadError(errorMessage(e));
      if (!isSessionEnded(e)) ui.toasts.error(mode === 'new' ? 'Problem creating credential' : 'Problem loading credential', errorMessage(e), false);
    });
    return () => {
      cancelled = true;
    };
  }, [mode, activeId, credentials, nodeTypes, ui]);

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
  const usableBy = useMemo(() => (type ? nodeTypesUsingCredential(type.name, nodeTypes.descriptions, credentials.types) : []), [type, nodeTypes.descriptions, credentials.types]);

  const missing = form ? missingRequiredCredentialFields(form.type, form.data) : [];
  const issues: Record<string, string[]> = {};
  for (const name of missing) if (attempted || blurred.has(name)) issues[`${PATH}.${name}`] = ['This field is required'];

  const update = (patch: Partial<Form>) => {
    setForm((f) => (f ? { ...f, ...patch } : f));
    setDirty(true);
    setBanner(undefined);
  };

  const requestClose = () => {
    if (dirty) setConfirmClose(true);
    else close();
  };

  const runTest = async (f: Form) => {
    setTesting(true);
    try {
      const result: CredentialTestResult = await testCredential({ id: f.id, name: f.name, type: f.type.name, data: f.data });
      setBanner(
        result.status === 'Error'
          ? { kind: 'error', title: "Couldn't connect with these settings", message: result.message, retry: true }
          : { kind: 'success', title: 'Connection tested successfully' },
      );
    } catch (e) {
      setBanner({ kind: 'error', title: "Couldn't connect with these settings", message: errorMessage(e), retry: true });
    } finally {
      setTesting(false);
    }
  };

  const save = async () => {
    if (!form || saving) return;
    setAttempted(true);
    if (missing.length) {
      setTab('connection');
      setBanner({ kind: 'error', title: 'Please check the errors below' });
      return;
    }
    const name = form.name.trim() || UNTITLED_CREDENTIAL_NAME;
    const body = { name, data: form.data, nodesAccess: form.nodesAccess.map((nodeType) => ({ nodeType })) };
    setSaving(true);
    setBanner(undefined);
    try {
      let saved;
      if (form.id) {
        saved = await credentials.update(form.id, body);
        workflow.renameCredentialRefs(saved.type, saved.id, saved.name);
      } else {
        saved = await credentials.create({ ...body, type: form.type.name });
        const target = credentials.takeTarget();
        if (target && workflow.nodes.has(target.nodeId)) workflow.setNodeCredential(target.nodeId, target.type, { id: saved.id, name: saved.name });
      }
      const next = { ...form, id: saved.id, name: saved.name };
      setForm(next);
      setDirty(false);
      if (isCredentialTestable(form.type, form.data)) await runTest(next);
    } catch (e) {
      if (!isSessionEnded(e)) ui.toasts.error(form.id ? 'Problem updating credential' : 'Problem creating credential', errorMessage(e), false);
    } finally {
      setSaving(false);
    }
  };

  const ctx: ParameterContext = {
    root: form?.data ?? {},
    typeVersion: 1,
    readOnly: false,
    issues,
  };
  const docs = documentationUrl(type?.documentationUrl);

  return (
    <ModalOverlay className="dialog-overlay" isOpen isDismissable onOpenChange={(o) => !o && requestClose()}>
      <Modal className="dialog cred-dialog">
        <Dialog className="cred-dialog-content" aria-label={form ? `${form.name} (${form.type.displayName})` : 'Credential'} data-testid="credential-edit-dialog">
          <header className="cred-head">
            <div className="cred-head-title">
              <Heading slot="title" className="dialog-title cred-title" data-testid="credential-edit-name">
                {form?.name ?? 'Loading…'}
              </Heading>
              {type && <div className="hint">{type.displayName}</div>}
            </div>
            <div className="cred-head-actions">
              {testing && <span className="hint">Testing…</span>}
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
              <button type="button" role="tab" aria-selected={false} aria-disabled className="coming-soon" title="Sharing credentials is coming soon">
                Sharing <span className="cred-soon">Soon</span>
              </button>
            </div>
            <div className="cred-panel" role="tabpanel">
              {loadError && (
                <div className="cred-banner cred-banner-error" role="alert">
                  <strong>Could not open the credential</strong>
                  <div>{loadError}</div>
                </div>
              )}
              {!form && !loadError && <div className="hint">Loading…</div>}
              {form && banner && (
                <div className={`cred-banner cred-banner-${banner.kind}`} role={banner.kind === 'error' ? 'alert' : 'status'} data-testid="credential-banner">
                  <div className="cred-banner-text">
                    <strong>{banner.title}</strong>
                    {banner.message && <div className="cred-banner-message">{banner.message}</div>}
                  </div>
                  {banner.retry && (
                    <button type="button" className="btn btn-s" onClick={() => void runTest(form)} disabled={testing}>
                      Retry
                    </button>
                  )}
                </div>
              )}
              {form && tab === 'connection' && (
                <div
                  className="cred-connection"
                  onBlur={(e) => {
                    const name = properties.find((p) => e.target.id === `param-${PATH}-${p.name}`)?.name;
                    if (name && !blurred.has(name)) setBlurred(new Set([...blurred, name]));
                  }}
                >
                  {docs && (
                    <div className="cred-docs hint">
                      Need help filling out these fields?{' '}
                      <a href={docs} target="_blank" rel="noreferrer">
                        Open docs
                      </a>
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
                        update({ name: e.target.value });
                      }}
                      onBlur={() => {
                        if (form.name.trim() === '') {
                          update({ name: UNTITLED_CREDENTIAL_NAME });
                          setNameWarning('Credential name cannot be empty');
                        }
                      }}
                      data-testid="credential-name-input"
                    />
                    {nameWarning && <div className="field-error">{nameWarning}</div>}
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
                            onChange={(e) =>
                              update({ nodesAccess: e.target.checked ? [...form.nodesAccess, d.name] : form.nodesAccess.filter((n) => n !== d.name) })
                            }
                          />
                          {d.displayName}
                        </label>
                      ))}
                    </div>
                  </div>
                  {form.id && <div className="hint">ID {form.id}</div>}
                </div>
              )}
            </div>
          </div>
          {confirmClose && (
            <div className="cred-confirm" role="alertdialog" aria-label="Close without saving?" data-testid="credential-confirm-close">
              <div>
                <strong>Close without saving?</strong>
                <div className="hint">Your changes to this credential will be lost.</div>
              </div>
              <div className="dialog-actions">
                <button
                  type="button"
                  className="btn btn-ghost"
                  autoFocus
                  onClick={() => {
                    setConfirmClose(false);
                    setAttempted(true);
                  }}
                >
                  Keep editing
                </button>
                <button type="button" className="btn btn-danger" onClick={close} data-testid="credential-confirm-discard">
                  Close
                </button>
              </div>
            </div>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});

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
