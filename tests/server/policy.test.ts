import { describe, expect, it } from 'vitest';
import { mightSave, resolveSavePolicy, resolveTimeoutSeconds, shouldSave } from '../../src/server/executions/policy.ts';
import { RecentExecutions } from '../../src/server/executions/RecentExecutions.ts';
import { executionFinishedMessage, nodeExecuteAfterMessage } from '../../src/server/executions/pushMessages.ts';
import { jsonSizeUpTo } from '../../src/server/push/jsonSize.ts';
import type { IExecution, ITaskData } from '../../src/model/execution.ts';

const instance = {
  saveDataErrorExecution: 'all' as const,
  saveDataSuccessExecution: 'all' as const,
  saveManualExecutions: false,
  saveExecutionProgress: false,
  executionsTimeout: -1,
  executionsTimeoutMax: 3600,
};

describe('save policy', () => {
  it('uses instance defaults for missing and DEFAULT settings', () => {
    expect(resolveSavePolicy(undefined, instance)).toEqual({ error: true, success: true, manual: false, progress: false });
    expect(resolveSavePolicy({ saveDataSuccessExecution: 'DEFAULT', saveManualExecutions: 'DEFAULT' }, instance)).toEqual({
      error: true,
      success: true,
      manual: false,
      progress: false,
    });
    expect(resolveSavePolicy({ saveDataSuccessExecution: 'none', saveManualExecutions: true, saveExecutionProgress: true }, instance)).toEqual({
      error: true,
      success: false,
      manual: true,
      progress: true,
    });
  });

  it('decides per mode and status', () => {
    const p = resolveSavePolicy({ saveDataSuccessExecution: 'none' }, instance);
    expect(shouldSave(p, 'manual', 'error')).toBe(false);
    expect(shouldSave(p, 'manual', 'waiting')).toBe(true);
    expect(shouldSave(p, 'webhook', 'success')).toBe(false);
    expect(shouldSave(p, 'webhook', 'error')).toBe(true);
    expect(shouldSave(p, 'webhook', 'canceled')).toBe(true);
    expect(mightSave(p, 'manual')).toBe(false);
    expect(mightSave(p, 'trigger')).toBe(true);
    expect(mightSave(resolveSavePolicy({ saveDataSuccessExecution: 'none', saveDataErrorExecution: 'none' }, instance), 'trigger')).toBe(false);
  });

  it('caps timeouts by the instance maximum', () => {
    expect(resolveTimeoutSeconds(undefined, instance)).toBeUndefined();
    expect(resolveTimeoutSeconds({ executionTimeout: -1 }, { ...instance, executionsTimeout: 30 })).toBeUndefined();
    expect(resolveTimeoutSeconds({}, { ...instance, executionsTimeout: 30 })).toBe(30);
    expect(resolveTimeoutSeconds({ executionTimeout: 10 }, instance)).toBe(10);
    expect(resolveTimeoutSeconds({ executionTimeout: 99999 }, instance)).toBe(3600);
  });
});

describe('recent executions', () => {
  const e = (id: string) => ({ id }) as IExecution;
  it('keeps a bounded number for a bounded time', () => {
    let now = 0;
    const r = new RecentExecutions(3, 1000, () => now);
    ['1', '2', '3', '4'].forEach((id) => r.put(e(id)));
    expect(r.get('1')).toBeUndefined();
    expect(r.get('4')?.id).toBe('4');
    expect(r.size).toBe(3);
    now = 1001;
    expect(r.get('4')).toBeUndefined();
    expect(r.size).toBe(0);
  });
});

describe('push messages', () => {
  const task = (items: number, size = 10): ITaskData => ({
    startTime: 1,
    executionTime: 2,
    source: [null],
    data: { main: [Array.from({ length: items }, (_, i) => ({ json: { i, text: 'x'.repeat(size) } })), []] },
  });

  it('carries items when small, counts always', () => {
    const m = nodeExecuteAfterMessage('7', 'Set', task(3));
    expect(m).toMatchObject({ type: 'nodeExecuteAfter', data: { executionId: '7', nodeName: 'Set', itemCount: [3, 0] } });
    expect((m.data as { data: ITaskData }).data.data!.main[0]).toHaveLength(3);
  });

  it('strips items when large', () => {
    const m = nodeExecuteAfterMessage('7', 'Set', task(100, 5000));
    const d = m.data as { data: ITaskData; itemCount: number[] };
    expect(d.itemCount).toEqual([100, 0]);
    expect(d.data.data!.main).toEqual([[], []]);
    expect(d.data.startTime).toBe(1);
    expect(JSON.stringify(m).length).toBeLessThan(1000);
  });

  it('sends run data on finish only when small', () => {
    const small = executionFinishedMessage('1', 'success', { resultData: { runData: {} } }, 'w1');
    expect(small).toEqual({ type: 'executionFinished', data: { executionId: '1', status: 'success', workflowId: 'w1', data: { resultData: { runData: {} } } } });
    const big = executionFinishedMessage('1', 'success', { resultData: { runData: { A: [task(10, 1000)] } } }, null, 5000);
    expect(big.data).toEqual({ executionId: '1', status: 'success' });
  });

  it('measures JSON size up to a limit', () => {
    const v = { a: 'x'.repeat(100), b: [1, 2, 3] };
    const exact = JSON.stringify(v).length;
    expect(jsonSizeUpTo(v, 1e6)).toBeGreaterThan(exact * 0.8);
    expect(jsonSizeUpTo(v, 1e6)).toBeLessThan(exact * 1.3);
    expect(jsonSizeUpTo({ a: 'x'.repeat(100) }, 50)).toBe(Infinity);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(jsonSizeUpTo(cyclic, 1000)).toBe(Infinity);
  });
});
