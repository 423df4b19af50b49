// The header's Active toggle (spec 001 §2.2, §4.6), the warning of a workflow marked active
// that does not run, and the activation modal shown after a successful activation.
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Checkbox, Dialog, Heading, Modal, ModalOverlay, Switch } from 'react-aria-components';
import { faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import { useStores } from '../../stores/context.ts';
import { Icon } from '../../ui/Icon.tsx';
import {
  ACTIVATION_MODAL_WIDTH,
  NO_TRIGGER_NODES,
  NOT_RUNNING_HINT,
  activatableTriggers,
  activationOf,
  refreshActivation,
  setActivationAlertHidden,
  showActivationError,
  updateWorkflowActivation,
} from './activation.ts';
import './activation.css';

export const ActivationToggle = observer(function ActivationToggle() {
  const root = useStores();
  const { workflow } = root;
  const store = activationOf(root);
  const [, navigate] = useLocation();
  const savedId = workflow.isSaved ? workflow.workflowId : undefined;
  const active = workflow.active;

  // The active list and activation error of the workflow the editor shows.
  useEffect(() => {
    if (savedId) void refreshActivation(root);
  }, [root, savedId, active]);

  const disabled = store.toggleDisabled(root);
  const noTrigger = !active && activatableTriggers(root).length === 0;
  const notRunning = store.notRunning(root);
  const label = active ? 'Deactivate workflow' : 'Activate workflow';

  return (
    <div className="activation" data-testid="workflow-activation">
      {notRunning && (
        <button type="button" className="activation-warning" title={NOT_RUNNING_HINT} aria-label={NOT_RUNNING_HINT} onClick={() => void showActivationError(root)} data-testid="workflow-activation-warning">
          <Icon icon={faTriangleExclamation} />
        </button>
      )}
      <span className="activation-switch-wrap" title={noTrigger ? NO_TRIGGER_NODES : label}>
        <Switch
          className="switch activation-switch"
          isSelected={active}
          isDisabled={disabled}
          onChange={(v) => void updateWorkflowActivation(root, v, { onCreated: (id) => navigate(`/workflow/${id}`) })}
          aria-label={label}
          data-testid="workflow-activate-switch"
        >
          <span className={active ? 'activation-label activation-label-on' : 'activation-label'}>{active ? 'Active' : 'Inactive'}</span>
          <span className="switch-track" />
        </Switch>
      </span>
      <ActivationModal />
    </div>
  );
});

/** 'Workflow activated' with a don't-show-again checkbox and a Got it button (spec §4.6, §9: 460 px). */
const ActivationModal = observer(function ActivationModal() {
  const { ui } = useStores();
  const open = ui.modals.isOpen('activation');
  const [dontShow, setDontShow] = useState(false);
  const close = () => {
    if (dontShow) setActivationAlertHidden(true);
    setDontShow(false);
    ui.modals.close('activation');
  };
  return (
    <ModalOverlay className="dialog-overlay" isOpen={open} isDismissable onOpenChange={(o) => !o && close()}>
      <Modal className="dialog activation-modal" style={{ width: ACTIVATION_MODAL_WIDTH }}>
        <Dialog className="dialog-content" aria-label="Workflow activated" data-testid="activation-modal">
          <Heading slot="title" className="dialog-title">
            Workflow activated
          </Heading>
          <p className="dialog-text activation-modal-text">
            Your trigger will now fire production executions automatically whenever conditions are met. Webhooks answer at their production URL
            (<span className="mono">/webhook/…</span>).
          </p>
          <p className="dialog-text activation-modal-text">
            These executions will not show up immediately in the editor, but you can see them in the{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                close();
                ui.modals.open('executions');
              }}
              data-testid="activation-executions-link"
            >
              execution list
            </button>{' '}
            if you choose to save executions.
          </p>
          <div className="activation-modal-footer">
            <Checkbox className="checkbox activation-checkbox" isSelected={dontShow} onChange={setDontShow} data-testid="activation-dont-show">
              <span className="checkbox-box" aria-hidden />
              Don't show again
            </Checkbox>
            <button type="button" className="btn btn-primary" onClick={close} autoFocus data-testid="activation-got-it">
              Got it
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});
