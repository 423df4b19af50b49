// Which nodes run on a timer once their workflow is active, and what each firing emits:
// Schedule Trigger (rules + recurrence, item with the time in the workflow's zone), Cron (one
// empty item) and Interval (one empty item).
import type { IDataObject, INode } from '../../model/workflow.ts';
import { recurrenceCheck, scheduleItem, scheduleRules, ScheduleRuleError, type Recurrence } from '../../nodes/ScheduleTrigger/rules.ts';
import { cronExpressions } from '../../nodes/Cron/Cron.node.ts';
import { intervalMs, IntervalError } from '../../nodes/Interval/Interval.node.ts';
import { compileCron, InvalidCronError, type TimerSpec } from './Scheduler.ts';

export interface TriggerTimer {
  spec: TimerSpec;
  /** The item of a firing at `at`, or undefined when the recurrence filter skips it. */
  item(at: number): IDataObject | undefined;
}

export class ScheduleConfigurationError extends Error {}

export const SCHEDULE_NODE_TYPES = new Set(['n8n-nodes-base.scheduleTrigger', 'n8n-nodes-base.cron', 'n8n-nodes-base.interval']);

function cronSpec(node: INode, expression: string, timezone: string): TimerSpec {
  try {
    compileCron(expression, timezone);
  } catch (e) {
    if (e instanceof InvalidCronError) throw new ScheduleConfigurationError(`Invalid cron expression "${expression}" in node "${node.name}": ${e.message}`);
    throw e;
  }
  return { cron: expression, timezone };
}

/** Timers of one node (throws ScheduleConfigurationError for bad settings). */
export function triggerTimers(node: INode, seed: string, timezone: string): TriggerTimer[] {
  try {
    switch (node.type) {
      case 'n8n-nodes-base.scheduleTrigger': {
        const lastRuns: number[] = [];
        return scheduleRules(node, seed).map((rule) => {
          const recurrence: Recurrence = rule.recurrence;
          return {
            spec: cronSpec(node, rule.cron, timezone),
            item: (at: number) => (recurrenceCheck(recurrence, lastRuns, timezone, at) ? scheduleItem(at, timezone, node.typeVersion) : undefined),
          };
        });
      }
      case 'n8n-nodes-base.cron':
        return cronExpressions(node, seed).map((expression) => ({ spec: cronSpec(node, expression, timezone), item: () => ({}) }));
      case 'n8n-nodes-base.interval':
        return [{ spec: { everyMs: intervalMs(node) }, item: () => ({}) }];
    }
  } catch (e) {
    if (e instanceof ScheduleRuleError) throw new ScheduleConfigurationError(`${e.message} in node "${node.name}"${e.description ? `: ${e.description}` : ''}`);
    if (e instanceof IntervalError) throw new ScheduleConfigurationError(`${e.message} (node "${node.name}")`);
    throw e;
  }
  return [];
}
