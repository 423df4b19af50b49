// The time zone a workflow runs in (schedules, $now, Wait dates): its settings.timezone, unless
// that is missing, empty or n8n's 'DEFAULT', which all mean "the instance's time zone".
import type { IWorkflowBase } from './workflow.ts';

export function workflowTimezone(workflow: Pick<IWorkflowBase, 'settings'>, instanceTimezone: string): string {
  const tz = workflow.settings?.timezone;
  return typeof tz === 'string' && tz !== '' && tz !== 'DEFAULT' ? tz : instanceTimezone;
}
