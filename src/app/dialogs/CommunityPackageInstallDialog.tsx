// Modal 'communityPackageInstall' (spec 002 §2, §4, §5, §8, §9): one package-name field (214
// characters at most; a leading 'npm i ' or 'npm install ' stripped on blur; must start with
// 'n8n-nodes-', checked before sending), the risk-acknowledgement checkbox (unticked: a warning),
// a browse-packages button (npm's search, new tab) and documentation links. Installing takes
// seconds (npm downloads and the server loads the package): the modal shows it with a running
// progress bar and the time so far, and cannot be closed meanwhile. HTTP 400 shows the server's
// message under the field; any other failure an error toast; success a toast and the modal closes.
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { faArrowUpRightFromSquare, faMagnifyingGlass } from '@fortawesome/free-solid-svg-icons';
import {
  COMMUNITY_NODES_DOCS_URL,
  COMMUNITY_NODES_RISKS_DOCS_URL,
  COMMUNITY_PACKAGES_BROWSE_URL,
  COMMUNITY_PACKAGE_NAME_MAX_LENGTH,
  cleanPackageName,
  packageNameError,
  splitPackageSpec,
} from '../../model/communityPackages.ts';
import { useStores } from '../stores/context.ts';
import { ApiError, errorMessage, isSessionEnded } from '../api/errors.ts';
import { CheckboxField } from '../ui/CheckboxField.tsx';
import { Icon } from '../ui/Icon.tsx';
import { DialogFormActions, DialogFrame } from './DialogFrame.tsx';
import '../ui/forms.css';
import '../settings/communityNodes.css';

/** Spec 000 §8, 002 §8. */
export const INSTALL_ERROR = 'Error installing package';
export const RISK_WARNING = 'Tick the box to confirm you understand the risks of installing unverified code.';

export const CommunityPackageInstallDialog = observer(function CommunityPackageInstallDialog() {
  const { ui } = useStores();
  if (!ui.modals.isOpen('communityPackageInstall')) return null;
  return <InstallForm />;
});

function InstallForm() {
  const { ui, communityPackages } = useStores();
  const id = useId();
  const [name, setName] = useState('');
  const [risksAccepted, setRisksAccepted] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [left, setLeft] = useState(false);
  /** The server's 400 message for the name last sent. */
  const [serverError, setServerError] = useState<string | undefined>();
  const [installing, setInstalling] = useState<{ name: string; since: number } | undefined>();
  const busy = installing !== undefined;
  const cleaned = cleanPackageName(name);
  const nameError = packageNameError(cleaned);
  // An empty field says nothing (the button is disabled); a wrong name shows once left or tried.
  const shownNameError = serverError ?? (cleaned && (left || attempted) ? nameError : undefined);
  const riskWarning = attempted && !risksAccepted;
  const close = () => !busy && ui.modals.close('communityPackageInstall');

  const onBlur = () => {
    setLeft(true);
    if (cleaned !== name) setName(cleaned);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    const spec = cleanPackageName(name);
    if (spec !== name) setName(spec);
    setAttempted(true);
    setServerError(undefined);
    if (!spec || packageNameError(spec) || !risksAccepted) return;
    const { name: packageName, version } = splitPackageSpec(spec);
    setInstalling({ name: spec, since: Date.now() });
    try {
      const pkg = await communityPackages.install(packageName, version);
      const nodes = pkg.installedNodes.map((n) => n.name).join(', ');
      // Some of its files failed to load (the others did): installed, with the reason.
      if (pkg.failedLoading) ui.toasts.show({ kind: 'warning', title: 'Package installed, but not all of it loaded', message: `${pkg.packageName} ${pkg.installedVersion}. New in the node creator: ${nodes}. Not loaded: ${pkg.failedLoadingReason ?? 'unknown reason'}`, persistent: true });
      else ui.toasts.success('Package installed', `${pkg.packageName} ${pkg.installedVersion}${nodes ? `. New in the node creator: ${nodes}.` : ''}`);
      ui.modals.close('communityPackageInstall');
    } catch (err) {
      setInstalling(undefined);
      if (isSessionEnded(err)) return;
      if (err instanceof ApiError && err.status === 400) setServerError(err.message);
      else ui.toasts.error(INSTALL_ERROR, errorMessage(err), true);
    }
  };

  return (
    <DialogFrame title="Install community nodes" busy={busy} onClose={close} testId="community-install-dialog">
      <form className="dialog-form" onSubmit={submit} noValidate data-testid="community-install-form">
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-name`}>
            npm package name
          </label>
          <div className="community-install-row">
            <input
              id={`${id}-name`}
              className="input"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setServerError(undefined);
              }}
              onBlur={onBlur}
              maxLength={COMMUNITY_PACKAGE_NAME_MAX_LENGTH}
              placeholder="e.g. n8n-nodes-chatwork"
              autoFocus
              spellCheck={false}
              autoComplete="off"
              disabled={busy}
              aria-invalid={shownNameError ? true : undefined}
              aria-describedby={`${id}-name-note`}
              data-testid="community-install-name"
            />
            <a className="btn" href={COMMUNITY_PACKAGES_BROWSE_URL} target="_blank" rel="noopener noreferrer" data-testid="community-install-browse">
              <Icon icon={faMagnifyingGlass} />
              Browse
            </a>
          </div>
          {shownNameError ? (
            <div className="field-error" id={`${id}-name-note`} role="alert" data-testid="community-install-error">
              {shownNameError}
            </div>
          ) : (
            <div className="hint form-hint community-install-note" id={`${id}-name-note`}>
              A package name from npm, such as <code>n8n-nodes-example</code>; add <code>@1.2.0</code> for a given version.
            </div>
          )}
        </div>
        <div className="community-risk">
          <CheckboxField isSelected={risksAccepted} onChange={setRisksAccepted} isDisabled={busy} testId="community-install-risks">
            I understand the risks of installing unverified code from a public source
          </CheckboxField>
          {riskWarning ? (
            <div className="community-risk-warning" role="alert" data-testid="community-install-risk-warning">
              {RISK_WARNING}
            </div>
          ) : (
            <div className="hint">A package runs its own code on this server, with access to the data of the workflows that use it. Install only packages you trust.</div>
          )}
        </div>
        <div className="community-dialog-links">
          <a href={COMMUNITY_NODES_DOCS_URL} target="_blank" rel="noopener noreferrer" data-testid="community-install-docs">
            Installing community nodes <Icon icon={faArrowUpRightFromSquare} className="icon-inline" />
          </a>
          <a href={COMMUNITY_NODES_RISKS_DOCS_URL} target="_blank" rel="noopener noreferrer" data-testid="community-install-risks-docs">
            Risks of community nodes <Icon icon={faArrowUpRightFromSquare} className="icon-inline" />
          </a>
        </div>
        {installing && <InstallProgress name={installing.name} since={installing.since} />}
        <DialogFormActions busy={busy} onCancel={close} label="Install" busyLabel="Installing…" disabled={!cleaned} testId="community-install-submit" />
      </form>
    </DialogFrame>
  );
}

/** What the seconds of an install look like: a running bar and the time so far. */
function InstallProgress({ name, since }: { name: string; since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.floor((now - since) / 1000);
  return (
    <div className="community-progress" role="status" aria-live="polite" data-testid="community-install-progress">
      <div className="community-progress-head">
        <span>
          Installing {name} from npm and loading its nodes…
        </span>
        <span className="community-progress-time" aria-hidden>
          {seconds} s
        </span>
      </div>
      <div className="community-progress-bar" aria-hidden />
      <div className="hint">This usually takes a few seconds. Keep this window open.</div>
    </div>
  );
}
