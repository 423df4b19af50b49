// The workflow settings dialog's rules (spec 001 §4.7, §5): DEFAULT for settings the workflow
// does not have, the instance timeout shown when it has none, the inputs parsed as integers,
// timeout 0 and above the maximum refused, DEFAULT dropped from what is stored.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT,
  TIMEOUT_ZERO_MESSAGE,
  defaultSaveLabel,
  formFromSettings,
  keyToBool,
  boolKey,
  parseTimeoutPart,
  settingsToSave,
  timeoutTooLongMessage,
  toHMS,
} from '../../src/app/dialogs/workflowSettingsForm.ts';

const instance = { executionTimeout: -1 };

describe('formFromSettings', () => {
  it('shows DEFAULT for every saving rule and the time zone a workflow does not set', () => {
    const f = formFromSettings({ executionOrder: 'v1' }, instance);
    expect(f).toMatchObject({
      errorWorkflow: '',
      timezone: DEFAULT,
      saveDataErrorExecution: DEFAULT,
      saveDataSuccessExecution: DEFAULT,
      saveManualExecutions: DEFAULT,
      saveExecutionProgress: DEFAULT,
      timeoutOn: false,
      timeout: { hours: 0, minutes: 0, seconds: 0 },
      rest: { executionOrder: 'v1' },
    });
  });

  it('reads stored values, null as absent, and the instance timeout when the workflow has none', () => {
    const f = formFromSettings(
      { errorWorkflow: 'abc', timezone: 'Europe/Berlin', saveDataErrorExecution: 'none', saveManualExecutions: false, saveExecutionProgress: true, executionTimeout: 3725, callerPolicy: null as unknown as string },
      instance,
    );
    expect(f).toMatchObject({ errorWorkflow: 'abc', timezone: 'Europe/Berlin', saveDataErrorExecution: 'none', saveManualExecutions: false, saveExecutionProgress: true, timeoutOn: true, timeout: { hours: 1, minutes: 2, seconds: 5 }, rest: {} });
    expect(formFromSettings({}, { executionTimeout: 90 })).toMatchObject({ timeoutOn: true, timeout: { hours: 0, minutes: 1, seconds: 30 } });
    // Values the settings cannot hold fall back to DEFAULT rather than a choice the select does not have.
    expect(formFromSettings({ saveDataSuccessExecution: 'sometimes' as 'all' }, instance).saveDataSuccessExecution).toBe(DEFAULT);
  });
});

describe('timeout inputs', () => {
  it('parse as integers, empty (or not a number) as 0', () => {
    expect(parseTimeoutPart('')).toBe(0);
    expect(parseTimeoutPart('12')).toBe(12);
    expect(parseTimeoutPart('7.9')).toBe(7);
    expect(parseTimeoutPart('x')).toBe(0);
    expect(toHMS(-1)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
    expect(toHMS(3600 * 25 + 61)).toEqual({ hours: 25, minutes: 1, seconds: 1 });
  });
});

describe('settingsToSave', () => {
  const base = formFromSettings({ executionOrder: 'v1' }, instance);

  it('drops DEFAULT values and stores -1 with the switch off', () => {
    expect(settingsToSave(base, 3600)).toEqual({ ok: true, settings: { executionOrder: 'v1', executionTimeout: -1 } });
    const chosen = { ...base, errorWorkflow: 'w1', timezone: 'Asia/Tokyo', saveDataSuccessExecution: 'none' as const, saveManualExecutions: true, saveExecutionProgress: DEFAULT as typeof DEFAULT };
    expect(settingsToSave(chosen, 3600)).toEqual({
      ok: true,
      settings: { executionOrder: 'v1', errorWorkflow: 'w1', timezone: 'Asia/Tokyo', saveDataSuccessExecution: 'none', saveManualExecutions: true, executionTimeout: -1 },
    });
  });

  it('sums hours, minutes and seconds; refuses 0 and above the maximum with the maximum as h, m, s', () => {
    const on = (hours: number, minutes: number, seconds: number) => ({ ...base, timeoutOn: true, timeout: { hours, minutes, seconds } });
    expect(settingsToSave(on(1, 0, 0), 3600)).toMatchObject({ ok: true, settings: { executionTimeout: 3600 } });
    expect(settingsToSave(on(0, 60, 60), 7200)).toMatchObject({ ok: true, settings: { executionTimeout: 3660 } });
    expect(settingsToSave(on(0, 0, 0), 3600)).toEqual({ ok: false, message: TIMEOUT_ZERO_MESSAGE });
    expect(settingsToSave(on(1, 0, 1), 3600)).toEqual({ ok: false, message: 'The timeout is longer than allowed: Maximum Timeout is: 1 hours, 0 minutes, 0 seconds' });
    expect(timeoutTooLongMessage(5430)).toBe('The timeout is longer than allowed: Maximum Timeout is: 1 hours, 30 minutes, 30 seconds');
    expect(settingsToSave(on(0, -5, 0), 3600).ok).toBe(false);
    // Switched off, whatever the inputs hold: -1.
    expect(settingsToSave({ ...on(0, 0, 0), timeoutOn: false }, 3600)).toMatchObject({ ok: true, settings: { executionTimeout: -1 } });
  });
});

describe('labels and keys', () => {
  it('names the instance default and maps boolean choices to select keys', () => {
    expect(defaultSaveLabel('all')).toBe('Default - Save');
    expect(defaultSaveLabel(false)).toBe('Default - Do not save');
    for (const v of [true, false, DEFAULT] as const) expect(keyToBool(boolKey(v))).toBe(v);
  });
});

describe('the Workflows menu entry (spec 001 §2.3)', () => {
  it('shows Settings, enabled only for a saved workflow on the workflow page', async () => {
    const { workflowMenuEntries } = await import('../../src/app/shell/workflowMenuState.ts');
    const settings = (onWorkflowPage: boolean, saved: boolean) =>
      workflowMenuEntries({ onWorkflowPage, saved, templates: false, workflowSettings: true })
        .flat()
        .find((e) => e.key === 'settings');
    expect(settings(true, true)).toEqual({ key: 'settings', disabled: false });
    expect(settings(true, false)).toEqual({ key: 'settings', disabled: true });
    expect(settings(false, true)).toEqual({ key: 'settings', disabled: true });
  });
});
