// CommunityNodes (/settings/community-nodes, spec 000 §2 "Community nodes", §3, §6, §8, §9): the
// installed community packages (name, nodes, installed version, failed-to-load icon, update
// button or up-to-date icon, a menu with 'View docs' and 'Uninstall'), the install button (not in
// queue mode), the empty state with npm's package count, and the warnings for queue mode and for
// npm missing on the server. Install, update and uninstall go through the modals
// communityPackageInstall and communityPackageManageConfirm (dialogs/).
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Button, Focusable, Menu, MenuItem, MenuTrigger, Popover, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { Key } from 'react-aria-components';
import {
  faArrowUpRightFromSquare,
  faCircleCheck,
  faCube,
  faEllipsisVertical,
  faDownload,
  faTrash,
  faTriangleExclamation,
  faArrowsRotate,
} from '@fortawesome/free-solid-svg-icons';
import type { CommunityPackage } from '../../model/communityPackages.ts';
import { COMMUNITY_NODES_BUILD_DOCS_URL, COMMUNITY_NODES_DOCS_URL, npmPackageUrl } from '../../model/communityPackages.ts';
import { FAILED_LOADING_TEXT, FETCH_ERROR_TITLE, emptyStateText } from './communityNodesText.ts';
import { useStores } from '../stores/context.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { Notice } from '../auth/AuthLayout.tsx';
import { Icon } from '../ui/Icon.tsx';
import { SettingsLayout } from './SettingsLayout.tsx';
import './communityNodes.css';

export const CommunityNodes = observer(function CommunityNodes() {
  const { settings, communityPackages, ui } = useStores();
  const [loadError, setLoadError] = useState<string | undefined>();
  const s = settings.settings;
  const queueMode = s?.executionMode === 'queue';
  const npmMissing = s !== undefined && !s.isNpmAvailable;

  useEffect(() => {
    setLoadError(undefined);
    communityPackages.fetchInstalled().catch((e: unknown) => {
      if (isSessionEnded(e)) return;
      setLoadError(errorMessage(e));
      ui.toasts.error(FETCH_ERROR_TITLE, errorMessage(e), false);
    });
    void communityPackages.fetchCount();
  }, [communityPackages, ui]);

  const openInstall = () => ui.modals.open('communityPackageInstall');
  const installButton = queueMode ? undefined : (
    <InstallButton disabledReason={npmMissing ? 'npm is not available on the server' : undefined} onPress={openInstall} testId="community-install" label="Install" />
  );
  const list = communityPackages.sorted;
  const count = communityPackages.count.kind === 'known' ? communityPackages.count.count : undefined;

  return (
    <SettingsLayout title="Community nodes" testId="community-nodes-settings" actions={list.length > 0 ? installButton : undefined}>
      {queueMode && (
        <Notice kind="warning" title="Community nodes cannot be installed in queue mode" testId="community-queue-warning">
          In queue mode workflows run in worker processes, and a package installed here would be missing there. Installed packages are listed, but new ones cannot be installed.
        </Notice>
      )}
      {npmMissing && (
        <Notice kind="warning" title="npm is not available" testId="community-npm-warning">
          Switchyard installs community packages with npm, which was not found on this server. Install npm (it comes with Node.js) where Switchyard runs, then restart Switchyard.
        </Notice>
      )}
      {!communityPackages.loaded ? (
        <div className="community-list community-status" role="status" data-testid="community-loading">
          {loadError ? `Could not load the installed packages: ${loadError}` : 'Loading installed packages…'}
        </div>
      ) : list.length === 0 ? (
        <div className="action-box" data-testid="community-empty">
          <span className="community-empty-icon" aria-hidden>
            <Icon icon={faCube} />
          </span>
          <h2 className="action-box-title">Add nodes from the community</h2>
          <p className="action-box-text" data-testid="community-empty-text" data-count={count ?? ''}>
            {emptyStateText(count)}
          </p>
          {installButton && (
            <InstallButton
              disabledReason={npmMissing ? 'npm is not available on the server' : undefined}
              onPress={openInstall}
              testId="community-empty-install"
              label="Install a community node"
              large
            />
          )}
          <p className="hint community-empty-links">
            <a href={COMMUNITY_NODES_DOCS_URL} target="_blank" rel="noopener noreferrer">
              About community nodes <Icon icon={faArrowUpRightFromSquare} className="icon-inline" />
            </a>
            <span aria-hidden>·</span>
            <a href={COMMUNITY_NODES_BUILD_DOCS_URL} target="_blank" rel="noopener noreferrer">
              Build your own <Icon icon={faArrowUpRightFromSquare} className="icon-inline" />
            </a>
          </p>
        </div>
      ) : (
        <ul className="community-list" aria-label="Installed community packages" data-testid="community-packages">
          {list.map((p) => (
            <PackageRow key={p.packageName} pkg={p} queueMode={queueMode} />
          ))}
        </ul>
      )}
    </SettingsLayout>
  );
});

function InstallButton({ disabledReason, onPress, testId, label, large }: { disabledReason?: string; onPress: () => void; testId: string; label: string; large?: boolean }) {
  const disabled = disabledReason !== undefined;
  return (
    <TooltipTrigger delay={200} isDisabled={!disabled}>
      <Focusable>
        <button
          type="button"
          className={large ? 'btn btn-primary btn-large' : 'btn btn-primary'}
          onClick={() => !disabled && onPress()}
          aria-disabled={disabled || undefined}
          data-disabled={disabled || undefined}
          data-testid={testId}
        >
          <Icon icon={faDownload} />
          {label}
        </button>
      </Focusable>
      <Tooltip placement="bottom end" offset={6} className="tooltip tooltip-wide">
        {disabledReason}
      </Tooltip>
    </TooltipTrigger>
  );
}

function nodeNames(pkg: CommunityPackage): string {
  const names = pkg.installedNodes.map((n) => n.name);
  return names.length ? names.join(', ') : 'No nodes';
}

function PackageRow({ pkg, queueMode }: { pkg: CommunityPackage; queueMode: boolean }) {
  const { ui } = useStores();
  const nodes = pkg.installedNodes.length;
  const onAction = (key: Key) => {
    if (key === 'docs') window.open(npmPackageUrl(pkg.packageName), '_blank', 'noopener,noreferrer');
    else if (key === 'uninstall') ui.modals.open('communityPackageManageConfirm', { mode: 'uninstall', activeId: pkg.packageName });
  };
  return (
    <li className="community-row" data-testid="community-package" data-package={pkg.packageName} aria-label={pkg.packageName}>
      <span className={pkg.failedLoading ? 'community-row-icon failed' : 'community-row-icon'} aria-hidden>
        <Icon icon={faCube} />
      </span>
      <div className="community-info">
        <div className="community-name">
          <span className="community-name-text" data-testid="community-package-name">
            {pkg.packageName}
          </span>
          {pkg.failedLoading && (
            <TooltipTrigger delay={200}>
              <Focusable>
                <span className="community-failed" role="img" aria-label={pkg.failedLoadingReason ? `${FAILED_LOADING_TEXT} ${pkg.failedLoadingReason}` : FAILED_LOADING_TEXT} tabIndex={0} data-testid="community-package-failed">
                  <Icon icon={faTriangleExclamation} />
                </span>
              </Focusable>
              <Tooltip placement="top" offset={6} className="tooltip tooltip-wide">
                <div>
                  {FAILED_LOADING_TEXT}
                  {pkg.failedLoadingReason && (
                    <span className="community-failed-reason" data-testid="community-package-failed-reason">
                      {pkg.failedLoadingReason}
                    </span>
                  )}
                </div>
              </Tooltip>
            </TooltipTrigger>
          )}
        </div>
        <div className="community-nodes" data-testid="community-package-nodes" title={nodeNames(pkg)}>
          {nodes === 1 ? '1 node' : `${nodes} nodes`}: {nodeNames(pkg)}
        </div>
      </div>
      <div className="community-version" data-testid="community-package-version">
        v{pkg.installedVersion}
      </div>
      <div className="community-state">
        {pkg.updateAvailable ? (
          <button
            type="button"
            className="btn btn-s"
            onClick={() => ui.modals.open('communityPackageManageConfirm', { mode: 'update', activeId: pkg.packageName })}
            disabled={queueMode}
            title={queueMode ? 'Packages cannot be updated in queue mode' : `Update to version ${pkg.updateAvailable}`}
            data-testid="community-package-update"
          >
            <Icon icon={faArrowsRotate} />
            Update
          </button>
        ) : (
          <span className="community-uptodate" role="img" aria-label="Up to date" title="Up to date: this is the newest version on npm" data-testid="community-package-uptodate">
            <Icon icon={faCircleCheck} />
          </span>
        )}
      </div>
      <MenuTrigger>
        <Button className="btn btn-ghost btn-icon btn-s" aria-label={`Actions for ${pkg.packageName}`} data-testid="community-package-actions">
          <Icon icon={faEllipsisVertical} />
        </Button>
        <Popover placement="bottom end" offset={4} className="menu-popover">
          <Menu className="menu" aria-label={`Actions for ${pkg.packageName}`} onAction={onAction}>
            <MenuItem id="docs" className="menu-item" data-testid="community-package-docs">
              <Icon icon={faArrowUpRightFromSquare} />
              View docs
            </MenuItem>
            <MenuItem id="uninstall" className="menu-item community-menu-danger" data-testid="community-package-uninstall">
              <Icon icon={faTrash} />
              Uninstall
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
    </li>
  );
}
