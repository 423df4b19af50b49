// Modal 'settings' (spec 001 §4.7, §5, §8, §9): the open workflow's settings — error workflow
// (the owner's other workflows with an Error Trigger, as GET /workflows lists them), time zone
// (GET /options/timezones), the four saving rules with DEFAULT naming the instance default
// (GET /settings), the timeout switch and hours / minutes / seconds. Save sends only the settings
// with the editor's versionId (PATCH /workflows/{id}, as n8n does): unsaved canvas edits stay
// unsaved, and a workflow changed elsewhere meanwhile answers 409, shown as the save's error.
import { observer } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { useEffect, useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay, Switch } from 'react-aria-components';
import type { IWorkflowListItem } from '../../model/api.ts';
import type { SaveDataExecution } from '../../model/workflow.ts';
import { getWorkflows, updateWorkflowSettings } from '../api/workflows.ts';
import { getTimezones } from '../api/options.ts';
import { errorMessage } from '../api/errors.ts';
import { useStores } from '../stores/context.ts';
import { returnFocusToCanvas } from '../editor/canvas/canvasFocus.ts';
import {
  DEFAULT,
  NO_WORKFLOW_ACTIVE,
  NO_WORKFLOW_ACTIVE_MESSAGE,
  PROBLEM_LOADING_SETTINGS,
  PROBLEM_SAVING_SETTINGS,
  SETTINGS_SAVED,
  boolKey,
  defaultSaveLabel,
  formFromSettings,
  keyToBool,
  parseTimeoutPart,
  settingsToSave,
  type SettingsForm,
  type TimeoutHMS,
} from './workflowSettingsForm.ts';
import { FormDialogActions } from './FormDialogActions.tsx';
import './dialogs.css';
import './workflowSettings.css';

export const ERROR_TRIGGER_NODE_TYPE = 'n8n-nodes-base.errorTrigger';

function Row({ label, hint, children, testId }: { label: string; hint: string; children: ReactNode; testId?: string }) {
  return (
    <div className="wf-settings-row" data-testid={testId}>
      <div className="wf-settings-name" title={hint}>
        {label}
      </div>
      <div className="wf-settings-control">{children}</div>
    </div>
  );
}

export const WorkflowSettingsDialog = observer(function WorkflowSettingsDialog() {
  const { ui, workflow, settings } = useStores();
  const open = ui.modals.isOpen('settings');
  const instance = settings.settings;
  const [form, setForm] = useState<SettingsForm | undefined>();
  const [timezones, setTimezones] = useState<Record<string, string> | undefined>();
  const [errorWorkflows, setErrorWorkflows] = useState<IWorkflowListItem[] | undefined>();
  const [saving, setSaving] = useState(false);
  /** The last save's problem, beside the buttons too: toasts under a modal cannot be closed until it is. */
  const [problem, setProblem] = useState<string | undefined>();
  const close = () => ui.modals.close('settings');

  useEffect(() => {
    if (!open) return;
    if (!workflow.isSaved) {
      // Spec 001 §4.7: shown (it stays until closed) and the dialog closes.
      ui.toasts.error(NO_WORKFLOW_ACTIVE, NO_WORKFLOW_ACTIVE_MESSAGE);
      close();
      return;
    }
    setForm(formFromSettings(workflow.settings, { executionTimeout: instance?.executionTimeout ?? -1 }));
    setTimezones(undefined);
    setErrorWorkflows(undefined);
    setProblem(undefined);
    let live = true;
    const id = workflow.workflowId;
    // The open workflow's own row says whose it is: an error workflow runs only for the same owner
    // (server/executions/errorWorkflow.ts), so the owner editing a member's workflow is offered
    // that member's error workflows.
    Promise.all([getTimezones(), getWorkflows({ nodeTypes: [ERROR_TRIGGER_NODE_TYPE] }), getWorkflows({ name: workflow.name })]).then(
      ([zones, flows, named]) => {
        if (!live) return;
        const owner = named.find((w) => w.id === id)?.ownerId;
        setTimezones(zones);
        setErrorWorkflows(
          flows.filter((w) => w.id !== id && (owner === undefined || w.ownerId === owner)).sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())),
        );
      },
      (e) => {
        if (!live) return;
        // The form stays usable with what it has (the stored choices, DEFAULT).
        setTimezones({});
        setErrorWorkflows([]);
        ui.toasts.error(PROBLEM_LOADING_SETTINGS, `The following error occurred loading the data: ${errorMessage(e)}`);
      },
    );
    return () => {
      live = false;
    };
    // Read once per opening: the form is the user's until saved or closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (!open) return;
    return () => returnFocusToCanvas();
  }, [open]);

  if (!open || !form || !workflow.isSaved) return null;

  const set = (patch: Partial<SettingsForm>) => {
    setForm({ ...form, ...patch });
    setProblem(undefined);
  };
  const setTimeoutPart = (key: keyof TimeoutHMS, text: string) => set({ timeout: { ...form.timeout, [key]: parseTimeoutPart(text) } });
  const loading = !timezones || !errorWorkflows;
  const max = instance?.maxExecutionTimeout ?? 0;

  const save = async () => {
    const checked = settingsToSave(form, max);
    if (!checked.ok) {
      // Not persistent: fixed in the form, it is also shown beside the buttons.
      ui.toasts.show({ kind: 'error', title: PROBLEM_SAVING_SETTINGS, message: checked.message });
      setProblem(checked.message);
      return;
    }
    const id = workflow.workflowId;
    setSaving(true);
    try {
      const saved = await updateWorkflowSettings(id, checked.settings, workflow.versionId);
      runInAction(() => {
        if (workflow.workflowId !== id) return;
        workflow.settings = saved.settings ?? checked.settings;
        if (saved.versionId) workflow.versionId = saved.versionId;
      });
      ui.toasts.success(SETTINGS_SAVED);
      close();
    } catch (e) {
      ui.toasts.error(PROBLEM_SAVING_SETTINGS, errorMessage(e));
      setProblem(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const zoneLabel = (key: string) => timezones?.[key] ?? key;
  const defaultZone = instance?.timezone ?? 'America/New_York';
  const storedErrorWorkflowMissing = form.errorWorkflow !== '' && errorWorkflows !== undefined && !errorWorkflows.some((w) => w.id === form.errorWorkflow);

  const saveDataSelect = (key: 'saveDataErrorExecution' | 'saveDataSuccessExecution', testId: string) => (
    <select className="select" value={form[key]} onChange={(e) => set({ [key]: e.target.value as SaveDataExecution })} data-testid={testId} aria-label={testId}>
      <option value={DEFAULT}>{defaultSaveLabel(instance?.[key] ?? 'all')}</option>
      <option value="all">Save</option>
      <option value="none">Do not save</option>
    </select>
  );
  const saveBoolSelect = (key: 'saveManualExecutions' | 'saveExecutionProgress', testId: string) => (
    <select className="select" value={boolKey(form[key])} onChange={(e) => set({ [key]: keyToBool(e.target.value) })} data-testid={testId} aria-label={testId}>
      <option value={DEFAULT}>{defaultSaveLabel(instance?.[key] ?? false)}</option>
      <option value="true">Save</option>
      <option value="false">Do not save</option>
    </select>
  );

  return (
    <ModalOverlay className="dialog-overlay" isOpen isDismissable={!saving} onOpenChange={(o) => !o && close()}>
      <Modal className="dialog wf-settings-modal">
        <Dialog className="dialog-content wf-settings" aria-label="Workflow settings" data-testid="workflow-settings-dialog">
          <Heading slot="title" className="dialog-title wf-settings-title">
            Settings for {workflow.name} (#{workflow.workflowId})
          </Heading>
          <form
            className="wf-settings-form"
            aria-busy={loading}
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <div className="wf-settings-rows">
              <Row label="Error Workflow" hint="A second workflow to run if the current one fails. The second workflow should have an 'Error Trigger' node." testId="wf-settings-error-workflow-row">
                <select className="select" value={form.errorWorkflow} onChange={(e) => set({ errorWorkflow: e.target.value })} data-testid="wf-settings-error-workflow" aria-label="Error Workflow">
                  <option value="">- No Workflow -</option>
                  {storedErrorWorkflowMissing && <option value={form.errorWorkflow}>Workflow #{form.errorWorkflow} (not found or without an Error Trigger)</option>}
                  {(errorWorkflows ?? []).map((w) => (
                    <option key={w.id} value={w.id}>
                      {w.name}
                    </option>
                  ))}
                </select>
                {errorWorkflows && errorWorkflows.length === 0 && <div className="wf-settings-note">No other workflow of yours has an Error Trigger node.</div>}
              </Row>
              <Row label="Timezone" hint="The timezone in which the workflow should run. Used by 'cron' node, for example.">
                <select className="select" value={form.timezone} onChange={(e) => set({ timezone: e.target.value })} data-testid="wf-settings-timezone" aria-label="Timezone">
                  <option value={DEFAULT}>Default - {zoneLabel(defaultZone)}</option>
                  {timezones && form.timezone !== DEFAULT && !(form.timezone in timezones) && <option value={form.timezone}>{form.timezone}</option>}
                  {Object.entries(timezones ?? {}).map(([key, label]) => (
                    <option key={key} value={key}>
                      {label}
                    </option>
                  ))}
                </select>
              </Row>
              <Row label="Save failed production executions" hint="If data of executions should be saved in case they failed.">
                {saveDataSelect('saveDataErrorExecution', 'wf-settings-save-failed')}
              </Row>
              <Row label="Save successful production executions" hint="If data of executions should be saved in case they succeed.">
                {saveDataSelect('saveDataSuccessExecution', 'wf-settings-save-success')}
              </Row>
              <Row label="Save manual executions" hint="If data of executions should be saved when started manually from the editor.">
                {saveBoolSelect('saveManualExecutions', 'wf-settings-save-manual')}
              </Row>
              <Row label="Save execution progress" hint="If the execution data of each node should be saved. If set to 'Save' a failed workflow can be resumed from where it stopped; this may slow execution down.">
                {saveBoolSelect('saveExecutionProgress', 'wf-settings-save-progress')}
              </Row>
              <Row label="Timeout Workflow" hint="Whether to cancel a workflow execution after a defined time.">
                <Switch className="switch" isSelected={form.timeoutOn} onChange={(on) => set({ timeoutOn: on })} data-testid="wf-settings-timeout-switch" aria-label="Timeout Workflow">
                  <span className="switch-track" />
                </Switch>
              </Row>
              {form.timeoutOn && (
                <Row label="Timeout After" hint={`After how much time the workflow should be cancelled. At most ${maxText(max)} on this instance.`} testId="wf-settings-timeout-row">
                  <div className="wf-settings-timeout">
                    <TimeoutInput unit="hours" value={form.timeout.hours} onChange={(t) => setTimeoutPart('hours', t)} />
                    <TimeoutInput unit="minutes" value={form.timeout.minutes} max={60} onChange={(t) => setTimeoutPart('minutes', t)} />
                    <TimeoutInput unit="seconds" value={form.timeout.seconds} max={60} onChange={(t) => setTimeoutPart('seconds', t)} />
                  </div>
                </Row>
              )}
            </div>
            {problem && (
              <div className="field-error wf-settings-problem" role="alert" data-testid="wf-settings-problem">
                {problem}
              </div>
            )}
            <FormDialogActions onCancel={close} busy={saving} label="Save" busyLabel="Saving…" submitTestId="wf-settings-save" className="wf-settings-actions" />
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
});

function maxText(max: number): string {
  if (!(max > 0)) return 'no limit';
  const h = Math.floor(max / 3600);
  const m = Math.floor((max % 3600) / 60);
  const s = max % 60;
  return `${h} h ${m} min ${s} s`;
}

/** An integer input with its unit; what is typed is kept as typed while it is edited. */
function TimeoutInput({ unit, value, max, onChange }: { unit: string; value: number; max?: number; onChange: (text: string) => void }) {
  const [text, setText] = useState(String(value));
  useEffect(() => {
    if (parseTimeoutPart(text) !== value) setText(String(value));
    // Only an outside change of the value resets the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <label className="wf-settings-hms">
      <input
        className="input"
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value);
        }}
        aria-label={`Timeout ${unit}`}
        data-testid={`wf-settings-timeout-${unit}`}
      />
      <span className="wf-settings-unit">{unit}</span>
    </label>
  );
}
