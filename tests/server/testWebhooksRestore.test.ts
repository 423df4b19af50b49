// A test webhook call whose run is refused (503) gives the editor's listen back (take → restore).
import { describe, expect, it } from 'vitest';
import { TestWebhooks } from '../../src/server/webhooks/TestWebhooks.ts';
import type { PushHub } from '../../src/server/push/PushHub.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';

const sent: unknown[] = [];
const push = { send: (_ref: string, m: unknown) => void sent.push(m) } as unknown as PushHub;

function flow(id: string, path: string): IWorkflowBase {
  return {
    id,
    name: `Flow ${id}`,
    active: false,
    nodes: [{ id: 'w', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], parameters: { path, httpMethod: 'POST' }, webhookId: `hook-${id}` }],
    connections: {},
  } as IWorkflowBase;
}

describe('TestWebhooks take and restore', () => {
  it('restore listens again with the same target; a second take then finds it', async () => {
    const tests = new TestWebhooks(push, 60_000);
    expect(tests.listen({ workflowId: 'a', workflow: flow('a', 'p-a'), pushRef: 'ref-a' })).toBe(true);
    const first = tests.take('POST', 'p-a')!;
    expect(first.target.pushRef).toBe('ref-a');
    expect(tests.isListening('a')).toBe(false);
    expect(tests.take('POST', 'p-a')).toBeUndefined();
    await first.restore();
    expect(tests.isListening('a')).toBe(true);
    const again = tests.take('POST', 'p-a')!;
    expect(again.target.pushRef).toBe('ref-a');
    tests.close();
  });

  it('restore leaves a newer listen of the same workflow alone', async () => {
    const tests = new TestWebhooks(push, 60_000);
    tests.listen({ workflowId: 'b', workflow: flow('b', 'p-b'), pushRef: 'old' });
    const taken = tests.take('POST', 'p-b')!;
    tests.listen({ workflowId: 'b', workflow: flow('b', 'p-b2'), pushRef: 'new' });
    await taken.restore();
    expect(tests.take('POST', 'p-b')).toBeUndefined();
    expect(tests.take('POST', 'p-b2')!.target.pushRef).toBe('new');
    tests.close();
  });
});
