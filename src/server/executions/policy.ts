// What the instance and a workflow's settings say about one execution (spec 001 §4.7): whether
// it is saved, whether progress is saved, and its timeout. 'DEFAULT' or a missing setting means
// the instance default.
import type { ExecutionStatus, WorkflowExecuteMode } from '../../model/execution.ts';
import type { IWorkflowSettings } from '../../model/workflow.ts';

export interface InstanceExecutionDefaults {
  saveDataErrorExecution: 'all' | 'none';
  saveDataSuccessExecution: 'all' | 'none';
  saveManualExecutions: boolean;
  saveExecutionProgress: boolean;
  /** Seconds; -1 = none. */
  executionsTimeout: number;
  executionsTimeoutMax: number;
}

export interface SavePolicy {
  error: boolean;
  success: boolean;
  manual: boolean;
  progress: boolean;
}

function pick<T>(value: T | 'DEFAULT' | undefined, fallback: T): T {
  return value === undefined || value === 'DEFAULT' ? fallback : value;
}

export function resolveSavePolicy(settings: IWorkflowSettings | undefined, d: InstanceExecutionDefaults): SavePolicy {
  const s = settings ?? {};
  return {
    error: pick(s.saveDataErrorExecution, d.saveDataErrorExecution) === 'all',
    success: pick(s.saveDataSuccessExecution, d.saveDataSuccessExecution) === 'all',
    manual: pick(s.saveManualExecutions, d.saveManualExecutions) === true,
    progress: pick(s.saveExecutionProgress, d.saveExecutionProgress) === true,
  };
}

/**
 * Whether a finished execution is stored. Waiting executions always are (they must be resumed);
 * manual ones only with saveManualExecutions; then success and failure (error, canceled,
 * crashed) follow their own settings.
 */
export function shouldSave(policy: SavePolicy, mode: WorkflowExecuteMode, status: ExecutionStatus): boolean {
  if (status === 'waiting') return true;
  if (mode === 'manual' && !policy.manual) return false;
  return status === 'success' ? policy.success : policy.error;
}

/** Whether the execution might be stored, so its start is recorded (crash → 'crashed'). */
export function mightSave(policy: SavePolicy, mode: WorkflowExecuteMode): boolean {
  if (mode === 'manual' && !policy.manual) return false;
  return policy.success || policy.error || policy.progress;
}

/**
 * Seconds until the execution is cancelled, or undefined for none: the workflow's
 * executionTimeout (else the instance default), capped by the instance maximum.
 */
export function resolveTimeoutSeconds(settings: IWorkflowSettings | undefined, d: InstanceExecutionDefaults): number | undefined {
  const own = settings?.executionTimeout;
  const timeout = typeof own === 'number' ? own : d.executionsTimeout;
  if (!(timeout > 0)) return undefined;
  return Math.min(timeout, d.executionsTimeoutMax);
}
