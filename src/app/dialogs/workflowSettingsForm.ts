// The workflow settings dialog's form (spec 001 §4.7, §5): what it shows for stored settings,
// the timeout inputs and their checks, and what a save stores. Pure, so the rules are tested
// without a browser (tests/app/workflowSettingsForm.test.ts).
import type { FrontendSettings } from '../../model/api.ts';
import type { IWorkflowSettings, SaveBoolean, SaveDataExecution } from '../../model/workflow.ts';

export const DEFAULT = 'DEFAULT';

export const NO_WORKFLOW_ACTIVE = 'No workflow active';
export const NO_WORKFLOW_ACTIVE_MESSAGE = 'No workflow active to display settings of.';
export const PROBLEM_LOADING_SETTINGS = 'Problem loading settings';
export const PROBLEM_SAVING_SETTINGS = 'Problem saving settings';
export const SETTINGS_SAVED = 'Workflow settings saved';
export const TIMEOUT_ZERO_MESSAGE = 'There was a problem saving the settings: Timeout is activated but set to 0';
export const timeoutTooLongMessage = (max: number): string => {
  const { hours, minutes, seconds } = toHMS(max);
  return `The timeout is longer than allowed: Maximum Timeout is: ${hours} hours, ${minutes} minutes, ${seconds} seconds`;
};

/** The instance defaults (GET /settings) that DEFAULT stands for. */
export type InstanceDefaults = Pick<
  FrontendSettings,
  'timezone' | 'executionTimeout' | 'maxExecutionTimeout' | 'saveDataErrorExecution' | 'saveDataSuccessExecution' | 'saveManualExecutions' | 'saveExecutionProgress'
>;

export interface TimeoutHMS {
  hours: number;
  minutes: number;
  seconds: number;
}

/** The form's state: every choice made (DEFAULT where the workflow has none). */
export interface SettingsForm {
  /** '' = no error workflow. */
  errorWorkflow: string;
  timezone: string;
  saveDataErrorExecution: SaveDataExecution;
  saveDataSuccessExecution: SaveDataExecution;
  saveManualExecutions: SaveBoolean;
  saveExecutionProgress: SaveBoolean;
  /** The switch: on when the timeout is not -1. */
  timeoutOn: boolean;
  timeout: TimeoutHMS;
  /** Other stored settings (executionOrder and any n8n keeps), saved back as they were. */
  rest: IWorkflowSettings;
}

export function toHMS(total: number): TimeoutHMS {
  if (!(total > 0)) return { hours: 0, minutes: 0, seconds: 0 };
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** An input's text as an integer: empty (or not a number) is 0, as spec 001 §5 says. */
export function parseTimeoutPart(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : 0;
}

const SAVE_DATA: readonly unknown[] = ['all', 'none'];
const SAVE_BOOL: readonly unknown[] = [true, false];

export function formFromSettings(stored: IWorkflowSettings | undefined, defaults: Pick<InstanceDefaults, 'executionTimeout'>): SettingsForm {
  const s = stored ?? {};
  const {
    errorWorkflow,
    timezone,
    saveDataErrorExecution,
    saveDataSuccessExecution,
    saveManualExecutions,
    saveExecutionProgress,
    executionTimeout,
    maxExecutionTimeout: _max,
    ...rest
  } = s;
  // A workflow without its own timeout shows the instance's (n8n does the same).
  const timeout = typeof executionTimeout === 'number' ? executionTimeout : defaults.executionTimeout;
  return {
    errorWorkflow: typeof errorWorkflow === 'string' ? errorWorkflow : '',
    timezone: typeof timezone === 'string' && timezone !== '' ? timezone : DEFAULT,
    saveDataErrorExecution: SAVE_DATA.includes(saveDataErrorExecution) ? saveDataErrorExecution! : DEFAULT,
    saveDataSuccessExecution: SAVE_DATA.includes(saveDataSuccessExecution) ? saveDataSuccessExecution! : DEFAULT,
    saveManualExecutions: SAVE_BOOL.includes(saveManualExecutions) ? saveManualExecutions! : DEFAULT,
    saveExecutionProgress: SAVE_BOOL.includes(saveExecutionProgress) ? saveExecutionProgress! : DEFAULT,
    timeoutOn: timeout !== -1,
    timeout: toHMS(timeout),
    rest: Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined)),
  };
}

export type SaveCheck = { ok: true; settings: IWorkflowSettings } | { ok: false; message: string };

/**
 * The settings a save stores, or why it is refused: the timeout's total seconds, 0 refused, above
 * the maximum refused with the maximum in hours, minutes and seconds; DEFAULT values dropped.
 */
export function settingsToSave(form: SettingsForm, maxExecutionTimeout: number): SaveCheck {
  const { hours, minutes, seconds } = form.timeout;
  const executionTimeout = form.timeoutOn ? hours * 3600 + minutes * 60 + seconds : -1;
  if (executionTimeout === 0) return { ok: false, message: TIMEOUT_ZERO_MESSAGE };
  if (form.timeoutOn && (hours < 0 || minutes < 0 || seconds < 0)) return { ok: false, message: 'The hours, minutes and seconds of the timeout cannot be negative' };
  if (maxExecutionTimeout > 0 && executionTimeout > maxExecutionTimeout) return { ok: false, message: timeoutTooLongMessage(maxExecutionTimeout) };
  const settings: IWorkflowSettings = { ...form.rest };
  if (form.errorWorkflow !== '') settings.errorWorkflow = form.errorWorkflow;
  const choices = {
    timezone: form.timezone,
    saveDataErrorExecution: form.saveDataErrorExecution,
    saveDataSuccessExecution: form.saveDataSuccessExecution,
    saveManualExecutions: form.saveManualExecutions,
    saveExecutionProgress: form.saveExecutionProgress,
  };
  for (const [key, value] of Object.entries(choices)) if (value !== DEFAULT) settings[key] = value;
  settings.executionTimeout = executionTimeout;
  return { ok: true, settings };
}

/** 'Default - Save' / 'Default - Do not save': what DEFAULT means on this instance. */
export function defaultSaveLabel(instanceValue: 'all' | 'none' | boolean): string {
  return `Default - ${instanceValue === 'all' || instanceValue === true ? 'Save' : 'Do not save'}`;
}

/** The select's value for a boolean-or-DEFAULT choice, and back. */
export const boolKey = (v: SaveBoolean): string => String(v);
export const keyToBool = (k: string): SaveBoolean => (k === 'true' ? true : k === 'false' ? false : DEFAULT);
