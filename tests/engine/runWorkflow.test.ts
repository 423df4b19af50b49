import { describe, expect, it, beforeEach } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import type { RunOptions } from '../../src/engine/types.ts';
import { registry, n, wire, wf, trigger, resetFlaky } from './testNodes.ts';

const run = (opts: Omit<RunOptions, 'nodeTypes' | 'mode' | 'executionId'> & Partial<RunOptions>) =>
  runWorkflow({ nodeTypes: registry, mode: 'manual', executionId: 'e1', ...opts });

const items = (r: Awaited<ReturnType<typeof run>>, node: string, output = 0, runIndex = 0) =>
  r.data.resultData.runData[node]?.[runIndex]?.data?.main?.[output]?.map((i) => i.json);

const three = [{ v: 1 }, { v: 2 }, { v: 3 }];

beforeEach(() => resetFlaky());

describe('runWorkflow', () => {
  it('runs a chain and records every node run with its items', async () => {
    const r = await run({
      workflow: wf([trigger(), n('Emit', 'emit', { items: three }), n('Tag', 'tag')], wire(['Trigger', 'Emit'], ['Emit', 'Tag'])),
    });
    expect(r.status).toBe('success');
    expect(r.finished).toBe(true);
    expect(items(r, 'Tag')).toEqual(three.map((j) => ({ ...j, path: ['Tag'] })));
    const task = r.data.resultData.runData.Tag[0];
    expect(task.source).toEqual([{ previousNode: 'Emit' }]);
    expect(task.executionTime).toBeGreaterThanOrEqual(0);
    expect(r.data.resultData.lastNodeExecuted).toBe('Tag');
  });

  it('passes items through disabled nodes', async () => {
    const r = await run({
      workflow: wf([trigger(), n('Emit', 'emit', { items: three }), n('Off', 'tag', {}, { disabled: true }), n('Tag', 'tag')], wire(['Trigger', 'Emit'], ['Emit', 'Off'], ['Off', 'Tag'])),
    });
    expect(items(r, 'Off')).toEqual(three);
    expect(items(r, 'Tag')?.[0]).toEqual({ v: 1, path: ['Tag'] });
  });

  it('uses pinned data instead of running the node', async () => {
    const r = await run({
      workflow: wf([trigger(), n('Emit', 'emit', { items: three }), n('Tag', 'tag')], wire(['Trigger', 'Emit'], ['Emit', 'Tag'])),
      pinData: { Emit: [{ json: { pinned: true } }] },
    });
    expect(items(r, 'Emit')).toEqual([{ pinned: true }]);
    expect(items(r, 'Tag')).toEqual([{ pinned: true, path: ['Tag'] }]);
  });

  for (const order of ['v0', 'v1'] as const) {
    it(`waits for all inputs of a two-input node (${order})`, async () => {
      const r = await run({
        workflow: wf(
          [trigger(), n('A', 'emit', { items: [{ a: 1 }] }), n('B', 'emit', { items: [{ b: 1 }, { b: 2 }] }), n('Join', 'join')],
          wire(['Trigger', 'A'], ['Trigger', 'B'], ['A', 'Join', 0, 0], ['B', 'Join', 0, 1]),
          { executionOrder: order },
        ),
      });
      expect(r.status).toBe('success');
      expect(r.data.resultData.runData.Join).toHaveLength(1);
      expect(items(r, 'Join')).toEqual([{ a: 1 }, { b: 1 }, { b: 2 }]);
    });
  }

  it('v1 order runs branches depth-first, top-most first; v0 runs breadth-first', async () => {
    const nodes = [
      trigger(),
      n('Low', 'tag', {}, { position: [200, 300] }),
      n('High', 'tag', {}, { position: [200, 0] }),
      n('LowChild', 'tag', {}, { position: [400, 300] }),
      n('HighChild', 'tag', {}, { position: [400, 0] }),
    ];
    const connections = wire(['Trigger', 'Low'], ['Trigger', 'High'], ['Low', 'LowChild'], ['High', 'HighChild']);
    const order = async (executionOrder: 'v0' | 'v1') => {
      const r = await run({ workflow: wf(nodes, connections, { executionOrder }) });
      return Object.entries(r.data.resultData.runData)
        .sort((a, b) => (a[1][0].executionIndex ?? 0) - (b[1][0].executionIndex ?? 0))
        .map(([name]) => name);
    };
    expect(await order('v1')).toEqual(['Trigger', 'High', 'HighChild', 'Low', 'LowChild']);
    expect(await order('v0')).toEqual(['Trigger', 'Low', 'High', 'LowChild', 'HighChild']);
  });

  it('routes outputs and does not run a child whose output is empty', async () => {
    const r = await run({
      workflow: wf(
        [trigger(), n('Emit', 'emit', { items: [{ even: true }, { even: true }] }), n('Split', 'split'), n('Yes', 'tag'), n('No', 'tag')],
        wire(['Trigger', 'Emit'], ['Emit', 'Split'], ['Split', 'Yes', 0], ['Split', 'No', 1]),
      ),
    });
    expect(items(r, 'Split', 0)).toHaveLength(2);
    expect(items(r, 'Split', 1)).toEqual([]);
    expect(r.data.resultData.runData.Yes).toHaveLength(1);
    expect(r.data.resultData.runData.No).toBeUndefined();
  });

  it('stops with an error unless the node continues on fail', async () => {
    const failing = (extra = {}) =>
      wf([trigger(), n('Emit', 'emit', { items: three }), n('Bad', 'flaky', { failTimes: 9 }, extra), n('After', 'tag')], wire(['Trigger', 'Emit'], ['Emit', 'Bad'], ['Bad', 'After']));
    const stopped = await run({ workflow: failing() });
    expect(stopped.status).toBe('error');
    expect(stopped.finished).toBe(false);
    expect(stopped.data.resultData.error?.message).toBe('boom 1');
    expect(stopped.data.resultData.error?.node?.name).toBe('Bad');
    expect(stopped.data.resultData.runData.Bad[0].error?.message).toBe('boom 1');
    expect(stopped.data.resultData.runData.After).toBeUndefined();

    resetFlaky();
    const continued = await run({ workflow: failing({ continueOnFail: true }) });
    expect(continued.status).toBe('success');
    expect(continued.data.resultData.runData.Bad[0].error?.message).toBe('boom 1');
    expect(items(continued, 'After')).toHaveLength(3);
  });

  it('retries a failing node up to maxTries', async () => {
    const r = await run({
      workflow: wf(
        [trigger(), n('Flaky', 'flaky', { failTimes: 2 }, { retryOnFail: true, maxTries: 3, waitBetweenTries: 10 })],
        wire(['Trigger', 'Flaky']),
      ),
    });
    expect(r.status).toBe('success');
    resetFlaky();
    const r2 = await run({
      workflow: wf([trigger(), n('Flaky', 'flaky', { failTimes: 3 }, { retryOnFail: true, maxTries: 3, waitBetweenTries: 10 })], wire(['Trigger', 'Flaky'])),
    });
    expect(r2.status).toBe('error');
    expect(r2.data.resultData.error?.message).toBe('boom 3');
  });

  it('alwaysOutputData gives an empty item so the branch goes on', async () => {
    const r = await run({
      workflow: wf([trigger(), n('Nothing', 'nothing', {}, { alwaysOutputData: true }), n('After', 'tag')], wire(['Trigger', 'Nothing'], ['Nothing', 'After'])),
    });
    expect(items(r, 'Nothing')).toEqual([{}]);
    expect(items(r, 'After')).toEqual([{ path: ['After'] }]);
    const r2 = await run({ workflow: wf([trigger(), n('Nothing', 'nothing'), n('After', 'tag')], wire(['Trigger', 'Nothing'], ['Nothing', 'After'])) });
    expect(r2.data.resultData.runData.Nothing).toBeUndefined();
    expect(r2.data.resultData.runData.After).toBeUndefined();
  });

  it('executeOnce runs on the first item only', async () => {
    const r = await run({
      workflow: wf([trigger(), n('Emit', 'emit', { items: three }), n('Once', 'tag', {}, { executeOnce: true })], wire(['Trigger', 'Emit'], ['Emit', 'Once'])),
    });
    expect(items(r, 'Once')).toEqual([{ v: 1, path: ['Once'] }]);
  });

  it('runs only the parents of a destination node', async () => {
    const r = await run({
      workflow: wf(
        [trigger(), n('A', 'tag'), n('B', 'tag'), n('Other', 'tag')],
        wire(['Trigger', 'A'], ['A', 'B'], ['Trigger', 'Other']),
      ),
      destinationNode: 'A',
    });
    expect(Object.keys(r.data.resultData.runData).sort()).toEqual(['A', 'Trigger']);
  });

  it('partial run reuses run data of parents and starts at the given node', async () => {
    const workflow = wf([trigger(), n('Emit', 'emit', { items: three }), n('Tag', 'tag')], wire(['Trigger', 'Emit'], ['Emit', 'Tag']));
    const full = await run({ workflow });
    const runData = { Trigger: full.data.resultData.runData.Trigger, Emit: full.data.resultData.runData.Emit };
    const partial = await run({ workflow, runData, startNodes: [{ name: 'Tag' }], destinationNode: 'Tag' });
    expect(partial.status).toBe('success');
    expect(items(partial, 'Tag')).toHaveLength(3);
    expect(partial.data.resultData.runData.Emit).toHaveLength(1);
  });

  it('stops when aborted and reports canceled', async () => {
    const controller = new AbortController();
    const pending = run({
      workflow: wf([trigger(), n('Slow', 'slow', { delay: 5000 }), n('After', 'tag')], wire(['Trigger', 'Slow'], ['Slow', 'After'])),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    const r = await pending;
    expect(r.status).toBe('canceled');
    expect(r.data.resultData.error?.message).toBe('The execution was canceled');
    expect(r.data.resultData.runData.After).toBeUndefined();
  });

  it('a node that returns after the stop (a Wait cut short) gets no run data', async () => {
    const controller = new AbortController();
    const pending = run({
      workflow: wf(
        [trigger(), n('Wait', 'n8n-nodes-base.wait', { resume: 'timeInterval', amount: 30, unit: 'seconds' }, { typeVersion: 1.1 }), n('After', 'tag')],
        wire(['Trigger', 'Wait'], ['Wait', 'After']),
      ),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    const r = await pending;
    expect(r.status).toBe('canceled');
    expect(Object.keys(r.data.resultData.runData)).toEqual(['Trigger']);
  });

  it('times out', async () => {
    const r = await run({
      workflow: wf([trigger(), n('Slow', 'slow', { delay: 5000 })], wire(['Trigger', 'Slow'])),
      timeoutAt: Date.now() + 50,
    });
    expect(r.status).toBe('canceled');
    expect(r.data.resultData.error?.message).toContain('timed out');
  });

  it('calls hooks before and after each node', async () => {
    const events: string[] = [];
    await run({
      workflow: wf([trigger(), n('Tag', 'tag')], wire(['Trigger', 'Tag'])),
      hooks: {
        workflowExecuteBefore: () => void events.push('start'),
        nodeExecuteBefore: (name) => void events.push(`before ${name}`),
        nodeExecuteAfter: (name, task) => void events.push(`after ${name} ${task.data?.main?.[0]?.length}`),
        workflowExecuteAfter: (r) => void events.push(`end ${r.status}`),
      },
    });
    expect(events).toEqual(['start', 'before Trigger', 'after Trigger 1', 'before Tag', 'after Tag 1', 'end success']);
  });

  it('refuses to run a workflow with an unknown node type', async () => {
    const r = await run({ workflow: wf([trigger(), n('X', 'nope.unknown')], wire(['Trigger', 'X'])) });
    expect(r.status).toBe('error');
    expect(r.data.resultData.error?.message).toContain('unknown node type for X');
  });

  it('stops a workflow that loops through its connections forever', async () => {
    const r = await run({
      workflow: wf([trigger(), n('A', 'tag'), n('B', 'tag')], wire(['Trigger', 'A'], ['A', 'B'], ['B', 'A'])),
      limits: { maxNodeRuns: 200 },
    });
    expect(r.status).toBe('error');
    expect(r.data.resultData.error?.message).toContain('loop');
  });

  it('drops connections to nodes that do not exist instead of crashing', async () => {
    const connections = wire(['Trigger', 'Tag'], ['Tag', 'Ghost']);
    const r = await run({ workflow: wf([trigger(), n('Tag', 'tag')], connections) });
    expect(r.status).toBe('success');
  });
});
