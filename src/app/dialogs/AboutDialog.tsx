// Modal 'about' (spec 002 §2): version, source-code and licence links, instance id.
import { observer } from 'mobx-react-lite';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useStores } from '../stores/context.ts';
import { Logo } from '../shell/Logo.tsx';
import { basePath } from '../basePath.ts';
import './dialogs.css';

// package.json's license and repository, put in by the build (esbuild.config.mjs).
declare const __SWITCHYARD_LICENSE__: string | undefined;
declare const __SWITCHYARD_REPOSITORY__: string | undefined;
// Without a repository: the source this build was made from, archived by the build into static/.
declare const __SWITCHYARD_SOURCE_ARCHIVE__: string | undefined;
declare const __SWITCHYARD_SOURCE_COMMIT__: string | undefined;
const LICENSE = typeof __SWITCHYARD_LICENSE__ === 'string' ? __SWITCHYARD_LICENSE__ : '';
const REPOSITORY = typeof __SWITCHYARD_REPOSITORY__ === 'string' ? __SWITCHYARD_REPOSITORY__ : '';
const SOURCE_ARCHIVE = typeof __SWITCHYARD_SOURCE_ARCHIVE__ === 'string' ? __SWITCHYARD_SOURCE_ARCHIVE__ : '';
const SOURCE_COMMIT = typeof __SWITCHYARD_SOURCE_COMMIT__ === 'string' ? __SWITCHYARD_SOURCE_COMMIT__ : '';

/** How a package.json licence reads to a user. */
export function licenceName(spdx: string): string {
  if (!spdx || spdx === 'UNLICENSED') return 'Proprietary, all rights reserved';
  return spdx;
}

export const AboutDialog = observer(function AboutDialog() {
  const { ui, settings } = useStores();
  const open = ui.modals.isOpen('about');
  return (
    <ModalOverlay className="dialog-overlay" isOpen={open} isDismissable onOpenChange={(o) => !o && ui.modals.close('about')}>
      <Modal className="dialog" style={{ width: 540 }}>
        <Dialog className="dialog-content" aria-label="About Switchyard">
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 16 }}>
            <Logo size={36} />
            <Heading slot="title" className="dialog-title" style={{ margin: 0 }}>
              About Switchyard
            </Heading>
          </div>
          <dl className="about-list">
            <dt>Version</dt>
            <dd>{settings.version || 'unknown (settings not loaded)'}</dd>
            <dt>Source code</dt>
            <dd data-testid="about-source">
              {REPOSITORY ? (
                <a href={REPOSITORY} target="_blank" rel="noopener noreferrer">
                  {REPOSITORY.replace(/^https:\/\//, '')}
                </a>
              ) : SOURCE_ARCHIVE ? (
                <a href={`${basePath}static/${SOURCE_ARCHIVE}`} download>
                  Download (tar.gz, commit {SOURCE_COMMIT})
                </a>
              ) : (
                <span className="about-muted">Not published</span>
              )}
            </dd>
            <dt>License</dt>
            <dd data-testid="about-license">
              {/* The text the build ships (LICENSE), served by this instance. */}
              <a href={`${basePath}static/LICENSE.txt`} target="_blank" rel="noopener noreferrer">
                {licenceName(LICENSE)}
              </a>
            </dd>
            <dt>Instance ID</dt>
            <dd className="mono about-instance-id" data-testid="about-instance-id">
              {settings.settings?.instanceId ?? '—'}
            </dd>
            <dt>Timezone</dt>
            <dd data-testid="about-timezone">{settings.timezone}</dd>
          </dl>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={() => ui.modals.close('about')} autoFocus>
              Close
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});
