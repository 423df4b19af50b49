// The execution service's own logic (saving, stop, forced finish, shutdown), with a scripted
// stand-in for the engine so each engine behaviour can be produced on demand. The server tests
// (run.test.ts, push.test.ts) run the real engine.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/server/db/database.ts';
import { testDatabaseOptions } from '../support/testDatabase.ts';
import { ExecutionsRepository } from '../../src/server/db/repositories/executions.ts';
import { WorkflowsRepository } from '../../src/server/db/repositories/workflows.ts';
import { ExecutionIdAllocator } from '../../src/server/db/repositories/executionIds.ts';
import { ExecutionService, type RunWorkflowFn } from '../../src/server/executions/ExecutionService.ts';
import { PushHub } from '../../src/server/push/PushHub.ts';
import type { IRun, RunOptions } from '../../src/engine/types.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';
import type { NodeTypeRegistry } from '../../src/nodes/types.ts';
import { tempDataDir } from './tempDir.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const noTypes: NodeTypeRegistry = { get: () => undefined, descriptions: () => [] };
const defaults = {
  saveDataErrorExecution: 'all' as const,
  saveDataSuccessExecution: 'all' as const,
  saveManualExecutions: false,
  saveExecutionProgress: false,
  executionsTimeout: -1,
  executionsTimeoutMax: 3600,
  timezone: 'America/New_York',
};
const wf = (settings: IWorkflowBase['settings'] = {}): IWorkflowBase => ({ name: 'W', active: false, nodes: [], connections: {}, settings });

function finished(o: RunOptions, status: IRun['status'] = 'success'): IRun {
  return { data: { resultData: { runData: {} } }, mode: o.mode, finished: status === 'success', status, startedAt: new Date(), stoppedAt: new Date() };
}

let dir: string;
let db: OpenDatabase;
let service: ExecutionService;
let executions: ExecutionsRepository;
let push: PushHub;

function make(runWorkflow: RunWorkflowFn, stopGraceMs = 200) {
  service = new ExecutionService({
    runWorkflow,
    nodeTypes: noTypes,
    executions,
    workflows: new WorkflowsRepository(db.db),
    ids: new ExecutionIdAllocator(db.db),
    push,
    defaults,
    log: silent,
    stopGraceMs,
  });
  return service;
}

beforeEach(async () => {
  dir = tempDataDir();
  db = await openDatabase(dir, testDatabaseOptions(dir));
  executions = new ExecutionsRepository(db.db);
  push = new PushHub(silent);
});

afterEach(async () => {
  push.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async () => (await db.db.selectFrom('executions').select('id').execute()).length;

describe('ExecutionService', () => {
  it('does not store manual runs by default but keeps them in memory', async () => {
    const s = make(async (o) => finished(o));
    const { executionId, done } = await s.start({ workflow: wf(), workflowId: null, mode: 'manual' });
    const e = await done;
    expect(e).toMatchObject({ id: executionId, status: 'success', finished: true, mode: 'manual' });
    expect(await count()).toBe(0);
    expect(s.getLive(executionId)?.status).toBe('success');
  });

  it('stores manual runs when the workflow says so, and non-manual runs by default', async () => {
    const s = make(async (o) => finished(o, 'error'));
    const a = await s.start({ workflow: wf({ saveManualExecutions: true }), workflowId: null, mode: 'manual' });
    await a.done;
    const b = await s.start({ workflow: wf(), workflowId: null, mode: 'trigger' });
    await b.done;
    expect((await executions.get(a.executionId))?.status).toBe('error');
    expect((await executions.get(b.executionId))?.status).toBe('error');
  });

  it('records the start of a run that might be saved, and removes it when it is not', async () => {
    let seen = -1;
    const s = make(async (o) => {
      seen = await count();
      return finished(o);
    });
    const { done } = await s.start({ workflow: wf({ saveDataSuccessExecution: 'none' }), workflowId: null, mode: 'trigger' });
    await done;
    expect(seen).toBe(1);
    expect(await count()).toBe(0);
  });

  it('turns an engine exception into a stored error execution', async () => {
    const s = make(async () => {
      throw new Error('engine broke');
    });
    const { executionId, done } = await s.start({ workflow: wf(), workflowId: null, mode: 'trigger' });
    expect((await done).status).toBe('error');
    expect((await executions.get(executionId))?.data.resultData.error?.message).toBe('engine broke');
  });

  it('stops a run whose engine honours the signal', async () => {
    const s = make(
      (o) =>
        new Promise<IRun>((resolve) => {
          o.signal!.addEventListener('abort', () => resolve(finished(o, 'canceled')));
        }),
    );
    const { executionId, done } = await s.start({ workflow: wf(), workflowId: null, mode: 'manual' });
    await new Promise((r) => setTimeout(r, 20));
    expect(s.listCurrent().map((e) => e.id)).toEqual([executionId]);
    const stopped = await s.stop(executionId);
    expect(stopped.status).toBe('canceled');
    expect((await done).status).toBe('canceled');
    expect(s.listCurrent()).toEqual([]);
    await expect(s.stop(executionId)).rejects.toThrow(/already finished/);
    await expect(s.stop('999999')).rejects.toThrow(/could not be found/);
  });

  it('finishes a run itself when the engine ignores the stop', async () => {
    const s = make(() => new Promise<IRun>(() => {}), 100);
    const { executionId } = await s.start({ workflow: wf(), workflowId: null, mode: 'trigger' });
    const t0 = Date.now();
    const stopped = await s.stop(executionId);
    expect(stopped.status).toBe('canceled');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(90);
    expect((await executions.get(executionId))?.status).toBe('canceled');
  });

  it('times out by the workflow setting, with an error naming the timeout', async () => {
    const s = make((o) => new Promise<IRun>((resolve) => o.signal!.addEventListener('abort', () => resolve(finished(o, 'canceled')))));
    const { done } = await s.start({ workflow: wf({ executionTimeout: 1 }), workflowId: null, mode: 'trigger' });
    const e = await done;
    expect(e.status).toBe('canceled');
    expect(e.data.resultData.error?.message).toBe('The execution was canceled because it timed out (after 1 seconds)');
  }, 5000);

  it('saves progress after each node when asked', async () => {
    let progress: string | undefined;
    const s = make(async (o) => {
      const data = { resultData: { runData: { A: [{ startTime: 1, executionTime: 1, source: [] }] } } };
      await o.hooks!.nodeExecuteAfter!('A', data.resultData.runData.A[0], data);
      progress = (await db.db.selectFrom('execution_data').select('data').executeTakeFirst())?.data;
      return finished(o);
    });
    const { done } = await s.start({ workflow: wf({ saveExecutionProgress: true }), workflowId: null, mode: 'trigger' });
    await done;
    expect(JSON.parse(progress!).resultData.runData.A).toHaveLength(1);
  });

  it('on shutdown cancels what is still running after the timeout and refuses new runs', async () => {
    const s = make((o) => new Promise<IRun>((resolve) => o.signal!.addEventListener('abort', () => resolve(finished(o, 'canceled')))));
    const { executionId } = await s.start({ workflow: wf(), workflowId: null, mode: 'trigger' });
    await s.shutdown(50);
    expect((await executions.get(executionId))?.status).toBe('canceled');
    await expect(s.start({ workflow: wf(), workflowId: null, mode: 'trigger' })).rejects.toThrow(/shutting down/);
  });
});
