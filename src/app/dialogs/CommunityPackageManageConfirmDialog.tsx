// Modal 'communityPackageManageConfirm' (spec 002 §2, §4, §8): confirms uninstalling (mode
// 'uninstall') or updating (mode 'update') the package named by the modal's active id. It cannot
// be closed while the server works; failures are the toasts 'Error uninstalling package' and
// 'Error updating package'.
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useStores } from '../stores/context.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { DialogFrame } from './DialogFrame.tsx';
import '../settings/communityNodes.css';

/** Spec 000 §8, 002 §8. */
export const UNINSTALL_ERROR = 'Error uninstalling package';
export const UPDATE_ERROR = 'Error updating package';

export const CommunityPackageManageConfirmDialog = observer(function CommunityPackageManageConfirmDialog() {
  const { ui } = useStores();
  const state = ui.modals.state.get('communityPackageManageConfirm');
  if (!state?.open || !state.activeId || (state.mode !== 'uninstall' && state.mode !== 'update')) return null;
  return <Confirm key={`${state.mode}:${state.activeId}`} mode={state.mode} packageName={state.activeId} />;
});

const Confirm = observer(function Confirm({ mode, packageName }: { mode: 'uninstall' | 'update'; packageName: string }) {
  const { ui, communityPackages } = useStores();
  const [busy, setBusy] = useState(false);
  const pkg = communityPackages.byName(packageName);
  const close = () => !busy && ui.modals.close('communityPackageManageConfirm');

  const confirm = async () => {
    setBusy(true);
    try {
      if (mode === 'uninstall') {
        await communityPackages.uninstall(packageName);
        ui.toasts.success('Package uninstalled', `${packageName} and its nodes are removed.`);
      } else {
        const updated = await communityPackages.update(packageName);
        ui.toasts.success('Package updated', `${packageName} is now at version ${updated.installedVersion}.`);
      }
      setBusy(false);
      ui.modals.close('communityPackageManageConfirm');
    } catch (e) {
      setBusy(false);
      ui.modals.close('communityPackageManageConfirm');
      if (!isSessionEnded(e)) ui.toasts.error(mode === 'uninstall' ? UNINSTALL_ERROR : UPDATE_ERROR, errorMessage(e), true);
    }
  };

  const uninstall = mode === 'uninstall';
  const title = uninstall ? 'Uninstall package?' : 'Update community node package?';
  const nodes = pkg?.installedNodes.map((n) => n.name).join(', ');
  return (
    <DialogFrame title={title} busy={busy} onClose={close} testId="community-confirm-dialog" role="alertdialog">
      <div className="dialog-text" data-testid="community-confirm-text">
        {uninstall ? (
          <>
            <p style={{ marginTop: 0 }}>
              Uninstall <strong>{packageName}</strong>
              {nodes ? ` and its nodes (${nodes})` : ''}?
            </p>
            <p style={{ marginBottom: 0 }}>Workflows that use its nodes keep them, but cannot run them until the package is installed again.</p>
          </>
        ) : (
          <>
            <p style={{ marginTop: 0 }}>
              Update <strong>{packageName}</strong> from version {pkg?.installedVersion ?? '?'} to {pkg?.updateAvailable ?? 'the newest version'}?
            </p>
            <p style={{ marginBottom: 0 }}>A new version can change how its nodes behave: check the workflows that use them after the update.</p>
          </>
        )}
      </div>
      {busy && (
        <div className="community-progress" role="status" aria-live="polite" data-testid="community-confirm-progress" style={{ marginBottom: 'var(--space-4)' }}>
          <div className="community-progress-head">{uninstall ? `Uninstalling ${packageName}…` : `Updating ${packageName} from npm…`}</div>
          <div className="community-progress-bar" aria-hidden />
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={close} disabled={busy} data-testid="community-confirm-cancel">
          Cancel
        </button>
        <button
          type="button"
          className={uninstall ? 'btn btn-danger' : 'btn btn-primary'}
          onClick={() => void confirm()}
          disabled={busy}
          autoFocus
          data-testid="community-confirm-submit"
        >
          {busy ? (uninstall ? 'Uninstalling…' : 'Updating…') : uninstall ? 'Uninstall package' : 'Update package'}
        </button>
      </div>
    </DialogFrame>
  );
});
