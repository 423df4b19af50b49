// The workflow's time zone: settings.timezone, except that 'DEFAULT' and '' mean the instance's
// (the run option `timezone`), as for schedules when a workflow is activated.
import { describe, expect, it } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import { workflowTimezone } from '../../src/model/timezone.ts';
import { registry, n, wire, wf, trigger } from './testNodes.ts';

async function zoneOfRun(settings: Record<string, unknown>, timezone?: string): Promise<unknown> {
  const workflow = wf([trigger(), n('Code', 'n8n-nodes-base.code', { jsCode: 'return [{ z: $now.zoneName }];' }, { typeVersion: 2 })], wire(['Trigger', 'Code']), settings);
  const r = await runWorkflow({ workflow, nodeTypes: registry, mode: 'manual', executionId: 'e1', timezone });
  expect(r.status).toBe('success');
  return r.data.resultData.runData.Code[0].data?.main?.[0]?.[0].json.z;
}

describe('workflow time zone', () => {
  it('workflowTimezone: the setting, else the instance time zone', () => {
    expect(workflowTimezone({ settings: { timezone: 'Asia/Tokyo' } }, 'Europe/Berlin')).toBe('Asia/Tokyo');
    expect(workflowTimezone({ settings: { timezone: 'DEFAULT' } }, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(workflowTimezone({ settings: { timezone: '' } }, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(workflowTimezone({ settings: {} }, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(workflowTimezone({}, 'Europe/Berlin')).toBe('Europe/Berlin');
  });

  it("a run uses the workflow's zone, and the instance zone for 'DEFAULT' or empty", async () => {
    expect(await zoneOfRun({ timezone: 'Asia/Tokyo' }, 'Europe/Berlin')).toBe('Asia/Tokyo');
    expect(await zoneOfRun({ timezone: 'DEFAULT' }, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(await zoneOfRun({ timezone: '' }, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(await zoneOfRun({ timezone: 'DEFAULT' })).toBe('America/New_York');
  });
});
