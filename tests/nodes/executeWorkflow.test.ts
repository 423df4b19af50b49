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

describe('Execute Workflow 1.2 / 1.3 with Execute Workflow Trigger 1.1 (as current n8n exports them)', () => {
  // The child declares its inputs; n8n omits parameters left at their default (inputSource).
  const child = {
    name: 'child', active: false,
    nodes: [
      { id: '1', name: 'When Executed by Another Workflow', type: 'n8n-nodes-base.executeWorkflowTrigger', typeVersion: 1.1, position: [0, 0], parameters: { workflowInputs: { values: [{ name: 'customer', type: 'string' }, { name: 'amount', type: 'number' }, { name: 'note' }] } } },
      { id: '2', name: 'Echo', type: 'n8n-nodes-base.code', typeVersion: 2, position: [200, 0], parameters: { jsCode: 'return $input.all();' } },
    ],
    connections: { 'When Executed by Another Workflow': { main: [[{ node: 'Echo', type: 'main', index: 0 }]] } },
  } as unknown as IWorkflowBase;
  const parent = (typeVersion: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ({
      id: 'parent', name: 'parent', active: false, settings: { executionOrder: 'v1' },
      nodes: [
        { id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
        { id: 'd', name: 'Data', type: 'n8n-nodes-base.code', typeVersion: 2, position: [200, 0], parameters: { jsCode: 'return [{ name: "Ada", total: "12.5", secret: "x" }, { name: "Bob", total: "7", secret: "y" }];' } },
        { id: 'e', name: 'Exec', type: 'n8n-nodes-base.executeWorkflow', typeVersion, position: [400, 0], parameters, ...extra },
      ],
      connections: { Trigger: { main: [[{ node: 'Data', type: 'main', index: 0 }]] }, Data: { main: [[{ node: 'Exec', type: 'main', index: 0 }]] } },
    }) as unknown as IWorkflowBase;
  const mapping = (attemptToConvertTypes: boolean) => ({
    mappingMode: 'defineBelow',
    value: { customer: '={{ $json.name }}', amount: '={{ $json.total }}' },
    matchingColumns: [],
    schema: [
      { id: 'customer', displayName: 'customer', required: false, defaultMatch: false, display: true, canBeUsedToMatch: true, type: 'string', removed: false },
      { id: 'amount', displayName: 'amount', required: false, defaultMatch: false, display: true, canBeUsedToMatch: true, type: 'number', removed: false },
      { id: 'note', displayName: 'note', required: false, defaultMatch: false, display: true, canBeUsedToMatch: true, removed: true },
    ],
    attemptToConvertTypes,
    convertFieldsToString: true,
  });
  const run = (workflow: IWorkflowBase) => runWorkflow({ workflow, nodeTypes: registry, mode: 'manual', executionId: '1', loadWorkflow: async (id) => ({ ...child, id }) });
  // Source 'database' is the default and so absent from the export.
  const rl = { __rl: true, value: 'child-1', mode: 'list', cachedResultName: 'child' };

  it('maps the declared inputs, converting types when asked; the trigger keeps only its inputs', async () => {
    const r = await run(parent(1.2, { workflowId: rl, workflowInputs: mapping(true), options: {} }));
    expect(r.status).toBe('success');
    expect(jsonOf(r, 'Exec')).toEqual([{ customer: 'Ada', amount: 12.5, note: null }, { customer: 'Bob', amount: 7, note: null }]);
  });

  it('refuses a value of the wrong type without conversion, naming field and item', async () => {
    const r = await run(parent(1.3, { workflowId: rl, workflowInputs: mapping(false) }));
    expect(errorOf(r, 'Exec')?.message).toBe("Invalid input for 'amount' [item 0]");
  });

  it('the trigger in "Accept all data" passes every field; 1.1 without a mapping passes the items as they are', async () => {
    const passthrough = { ...child, nodes: [{ ...child.nodes[0], parameters: { inputSource: 'passthrough' } }, child.nodes[1]] } as IWorkflowBase;
    const r = await runWorkflow({ workflow: parent(1.1, { workflowId: rl }), nodeTypes: registry, mode: 'manual', executionId: '1', loadWorkflow: async () => passthrough });
    expect(jsonOf(r, 'Exec')).toEqual([{ name: 'Ada', total: '12.5', secret: 'x' }, { name: 'Bob', total: '7', secret: 'y' }]);
  });

  it('"each" mode with continue on fail: 1.3 puts all failed items on the first output, 1.2 one output per item', async () => {
    const failing = JSON.stringify(sub('throw new Error("inner problem")'));
    const params = { source: 'parameter', workflowJson: failing, mode: 'each' };
    const v13 = await run(parent(1.3, params, { continueOnFail: true }));
    expect(jsonOf(v13, 'Exec', 0)).toHaveLength(2);
    const v12 = await run(parent(1.2, params, { continueOnFail: true }));
    expect(jsonOf(v12, 'Exec', 0)).toHaveLength(1);
    expect(jsonOf(v12, 'Exec', 1)).toHaveLength(1);
  });

  it('is the version new nodes get; the v1 notice and four sources show only up to 1.1', () => {
    const d = registry.get('n8n-nodes-base.executeWorkflow')!.description;
    expect(d.defaultVersion).toBe(1.3);
    expect(registry.get('n8n-nodes-base.executeWorkflowTrigger')!.description.defaultVersion).toBe(1.1);
    expect(d.properties.filter((p) => p.name === 'source').map((p) => p.displayOptions?.show?.['@version'])).toEqual([[{ _cnd: { lte: 1.1 } }], [{ _cnd: { gte: 1.2 } }]]);
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
