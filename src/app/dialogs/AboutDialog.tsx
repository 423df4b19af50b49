// Modal 'about': product and server version.
import { observer } from 'mobx-react-lite';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useStores } from '../stores/context.ts';
import { Logo } from '../shell/Logo.tsx';
import './dialogs.css';

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
            <dt>Instance ID</dt>
            <dd className="mono about-instance-id" data-testid="about-instance-id">
              {settings.settings?.instanceId ?? '—'}
            </dd>
            <dt>Timezone</dt>
            <dd>{settings.timezone}</dd>
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
