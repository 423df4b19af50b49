import { describe, expect, it } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';
import type { SubExecutionRequest } from '../../src/engine/types.ts';
import { errorOf, jsonOf, registry, runChain } from './helpers.ts';

const sub = (jsCode: string): IWorkflowBase =>
  ({
    name: 'sub',
    active: false,
    nodes: [
      { id: '1', name: 'Start here', type: 'n8n-nodes-base.executeWorkflowTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
      { id: '2', name: 'Double', type: 'n8n-nodes-base.code', typeVersion: 2, position: [200, 0], parameters: { jsCode } },
    ],
    connections: { 'Start here': { main: [[{ node: 'Double', type: 'main', index: 0 }]] } },
  }) as IWorkflowBase;

const doubling = sub("return $input.all().map((i) => ({ json: { n: i.json.n * 2, mode: $execution.mode } }));");
const exec = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name: 'Exec', type: 'n8n-nodes-base.executeWorkflow', typeVersion: 1, parameters, ...extra });

describe('Execute Workflow', () => {
  it('descriptions', () => {
    expect(registry.get('n8n-nodes-base.executeWorkflow', 1)!.description.icon).toBe('fa:sign-in-alt');
    expect(registry.get('n8n-nodes-base.executeWorkflowTrigger', 1)!.description.defaults.name).toBe('When Executed by Another Workflow');
  });

  it('runs an inline sub-workflow once with all items, in integrated mode', async () => {
    const run = await runChain([{ n: 1 }, { n: 2 }], [exec({ source: 'parameter', workflowJson: JSON.stringify(doubling) })]);
    expect(run.status).toBe('success');
    expect(jsonOf(run, 'Exec')).toEqual([{ n: 2, mode: 'production' }, { n: 4, mode: 'production' }]);
  });

  it('runs once per item and loads workflows by id through the caller', async () => {
    const workflow = {
      id: 'w', name: 'main', active: false, settings: { executionOrder: 'v1' },
      nodes: [
        { id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
        { id: 'd', name: 'Data', type: 'n8n-nodes-base.code', typeVersion: 2, position: [200, 0], parameters: { jsCode: 'return [{ n: 1 }, { n: 5 }];' } },
        { id: 'e', name: 'Exec', type: 'n8n-nodes-base.executeWorkflow', typeVersion: 1, position: [400, 0], parameters: { source: 'database', workflowId: 'sub-1', mode: 'each' } },
      ],
      connections: { Trigger: { main: [[{ node: 'Data', type: 'main', index: 0 }]] }, Data: { main: [[{ node: 'Exec', type: 'main', index: 0 }]] } },
    } as IWorkflowBase;
    const asked: string[] = [];
    const run = await runWorkflow({
      workflow, nodeTypes: registry, mode: 'manual', executionId: '1',
      loadWorkflow: async (id) => {
        asked.push(id);
        return doubling;
      },
    });
    expect(asked).toEqual(['sub-1', 'sub-1']);
    expect(jsonOf(run, 'Exec')).toEqual([{ n: 2, mode: 'production' }, { n: 10, mode: 'production' }]);
  });

  it('links parent and child: the node records the sub-execution, the child its parent', async () => {
    const run = await runChain([{ n: 1 }], [exec({ source: 'parameter', workflowJson: JSON.stringify(doubling) })]);
    expect(run.data.resultData.runData.Exec[0].metadata).toEqual({ subExecution: { executionId: '1-sub1' }, subExecutionsCount: 1 });
  });

  it('hands the child run to startSubExecution when the caller supplies it', async () => {
    const workflow = {
      id: 'parent-wf', name: 'main', active: false, settings: { executionOrder: 'v1' },
      nodes: [
        { id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
        { id: 'e', name: 'Exec', type: 'n8n-nodes-base.executeWorkflow', typeVersion: 1, position: [200, 0], parameters: { source: 'database', workflowId: { __rl: true, value: 'child-wf', mode: 'id' } } },
      ],
      connections: { Trigger: { main: [[{ node: 'Exec', type: 'main', index: 0 }]] } },
    } as IWorkflowBase;
    const requests: SubExecutionRequest[] = [];
    const run = await runWorkflow({
      workflow, nodeTypes: registry, mode: 'manual', executionId: '41',
      loadWorkflow: async (id) => ({ ...doubling, id }),
      startSubExecution: async (request) => {
        requests.push(request);
        const done = runWorkflow({ workflow: request.workflow, nodeTypes: registry, mode: 'integrated', executionId: '42', triggerItems: [{ json: { n: 21 } }], startNode: request.startNode, parentExecution: request.parentExecution });
        return { executionId: '42', done: done.then((r) => r.data) };
      },
    });
    expect(run.status).toBe('success');
    expect(jsonOf(run, 'Exec')).toEqual([{ n: 42, mode: 'production' }]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ startNode: 'Start here', triggerItems: [{ json: {} }], parentExecution: { executionId: '41', workflowId: 'parent-wf' }, subWorkflowDepth: 1 });
    expect(requests[0].workflow.id).toBe('child-wf');
    expect(run.data.resultData.runData.Exec[0].metadata).toEqual({ subExecution: { executionId: '42', workflowId: 'child-wf' }, subExecutionsCount: 1 });
  });

  it("fails with the sub-workflow's error, or reports it with continue on fail", async () => {
    const failing = JSON.stringify(sub('throw new Error("inner problem")'));
    const run = await runChain([{ n: 1 }], [exec({ source: 'parameter', workflowJson: failing })]);
    expect(errorOf(run, 'Exec')?.message).toContain('inner problem');
    const cont = await runChain([{ n: 1 }], [exec({ source: 'parameter', workflowJson: failing }, { continueOnFail: true })]);
    expect((jsonOf(cont, 'Exec')[0] as { error: string }).error).toContain('inner problem');
  });

  it('sources without a loader fail clearly', async () => {
    const byId = await runChain([{ n: 1 }], [exec({ source: 'database', workflowId: '7' })]);
    expect(errorOf(byId, 'Exec')?.message).toBe('Workflows can not be loaded by ID here');
    const url = await runChain([{ n: 1 }], [exec({ source: 'url', workflowUrl: 'https://example.com/w.json' })]);
    expect(errorOf(url, 'Exec')?.message).toBe('The source "URL" is not supported in Switchyard');
  });
});

describe('Stop and Error', () => {
  it('fails with the message or the error object', async () => {
    const msg = await runChain([{ n: 1 }], [{ name: 'Stop', type: 'n8n-nodes-base.stopAndError', typeVersion: 1, parameters: { errorMessage: 'Halt!' } }]);
    expect(msg.status).toBe('error');
    expect(errorOf(msg, 'Stop')?.message).toBe('Halt!');
    const obj = await runChain([{ n: 1 }], [{ name: 'Stop', type: 'n8n-nodes-base.stopAndError', typeVersion: 1, parameters: { errorType: 'errorObject', errorObject: '{"code": "404", "description": "gone"}' } }]);
    expect(errorOf(obj, 'Stop')?.message).toBe('Workflow ID w "test" has failed');
    expect(errorOf(obj, 'Stop')?.description).toBe('gone');
  });
});
