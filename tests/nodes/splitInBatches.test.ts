import { describe, expect, it } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import type { IRun } from '../../src/engine/index.ts';
import type { INode, IWorkflowBase } from '../../src/model/workflow.ts';
import { registry } from './helpers.ts';

const five = [1, 2, 3, 4, 5].map((n) => ({ n }));

/** Trigger → Data → Loop; the loop output goes through "Work" (adds done: true) back to Loop. */
async function runLoop(typeVersion: number, parameters: Record<string, unknown>): Promise<IRun> {
  const loopOutput = typeVersion === 3 ? 1 : 0;
  const doneOutput = typeVersion === 3 ? 0 : 1;
  const nodes: INode[] = [
    { id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
    { id: 'd', name: 'Data', type: 'n8n-nodes-base.code', typeVersion: 2, position: [200, 0], parameters: { jsCode: `return ${JSON.stringify(five)};` } },
    { id: 'l', name: 'Loop', type: 'n8n-nodes-base.splitInBatches', typeVersion, position: [400, 0], parameters },
    { id: 'w', name: 'Work', type: 'n8n-nodes-base.code', typeVersion: 2, position: [600, 100], parameters: { jsCode: 'return $input.all().map((i) => ({ json: { ...i.json, done: true } }));' } },
    { id: 'e', name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [600, -100], parameters: {} },
  ];
  const loopOutputs: IWorkflowBase['connections'][string]['main'] = [[], []];
  loopOutputs[loopOutput] = [{ node: 'Work', type: 'main', index: 0 }];
  if (typeVersion > 1) loopOutputs[doneOutput] = [{ node: 'Done', type: 'main', index: 0 }];
  const connections: IWorkflowBase['connections'] = {
    Trigger: { main: [[{ node: 'Data', type: 'main', index: 0 }]] },
    Data: { main: [[{ node: 'Loop', type: 'main', index: 0 }]] },
    Loop: { main: loopOutputs },
    Work: { main: [[{ node: 'Loop', type: 'main', index: 0 }]] },
  };
  const workflow = { id: 'w', name: 'loop', active: false, nodes, connections, settings: { executionOrder: 'v1' } } as IWorkflowBase;
  return runWorkflow({ workflow, nodeTypes: registry, mode: 'manual', executionId: '1' });
}

const runsOf = (run: IRun, node: string, output: number) => run.data.resultData.runData[node]?.map((r) => r.data?.main?.[output]?.map((i) => i.json));

describe('Split In Batches / Loop Over Items', () => {
  it('descriptions follow n8n per version', () => {
    expect(registry.get('n8n-nodes-base.splitInBatches', 3)!.description.outputNames).toEqual(['done', 'loop']);
    expect(registry.get('n8n-nodes-base.splitInBatches', 3)!.description.defaults.name).toBe('Loop Over Items');
    expect(registry.get('n8n-nodes-base.splitInBatches', 2)!.description.outputNames).toEqual(['loop', 'done']);
    expect(registry.get('n8n-nodes-base.splitInBatches', 1)!.description.outputs).toHaveLength(1);
  });

  it('v3 hands out batches on "loop" and everything processed on "done"', async () => {
    const run = await runLoop(3, { batchSize: 2 });
    expect(run.status).toBe('success');
    expect(runsOf(run, 'Loop', 1)).toEqual([[{ n: 1 }, { n: 2 }], [{ n: 3 }, { n: 4 }], [{ n: 5 }], []]);
    expect(runsOf(run, 'Done', 0)).toEqual([five.map((i) => ({ ...i, done: true }))]);
  });

  it('v2 uses output 0 for the loop and output 1 when done', async () => {
    const run = await runLoop(2, { batchSize: 3 });
    expect(runsOf(run, 'Loop', 0)).toEqual([[{ n: 1 }, { n: 2 }, { n: 3 }], [{ n: 4 }, { n: 5 }], []]);
    expect(runsOf(run, 'Done', 0)?.[0]).toHaveLength(5);
  });

  it('v1 stops the branch when no items are left', async () => {
    const run = await runLoop(1, { batchSize: 2 });
    expect(runsOf(run, 'Loop', 0)).toEqual([[{ n: 1 }, { n: 2 }], [{ n: 3 }, { n: 4 }], [{ n: 5 }]]);
    expect(run.data.resultData.runData.Work).toHaveLength(3);
  });
});
