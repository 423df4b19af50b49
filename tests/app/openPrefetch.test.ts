// The workflow an address names is asked for as the page starts (main.tsx → prefetchWorkflow);
// the editor's openWorkflow takes that answer instead of asking again, and asks again the normal
// way when the early answer failed (not signed in yet) or was for another workflow.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RootStore } from '../../src/app/stores/RootStore.ts';
import { openWorkflow, prefetchWorkflow } from '../../src/app/commands/openWorkflow.ts';
import { setUnauthorizedHandler } from '../../src/app/api/unauthorized.ts';

afterEach(() => vi.unstubAllGlobals());

const stored = (id: string) => ({
  id,
  name: `Workflow ${id}`,
  active: false,
  nodes: [{ id: 'n1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }],
  connections: {},
  settings: { executionOrder: 'v1' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  versionId: 'v1',
});

/** fetch answering GET /rest/workflows/:id with the statuses given, one per call. */
function answers(statuses: number[]) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    const path = new URL(input, 'http://localhost').pathname;
    calls.push(path);
    const id = path.split('/').pop()!;
    const status = statuses.shift() ?? 200;
    const body = status === 200 ? { data: stored(id) } : { code: status, message: status === 401 ? 'Unauthorized' : 'nope' };
    return new Response(JSON.stringify(body), { status });
  }));
  return calls;
}

describe('the early workflow request', () => {
  it('is taken by the view that opens that workflow: one request', async () => {
    const calls = answers([200]);
    prefetchWorkflow('abc');
    const root = new RootStore();
    expect(await openWorkflow(root, 'abc')).toBe(true);
    expect(root.workflow.name).toBe('Workflow abc');
    expect(calls).toEqual(['/rest/workflows/abc']);
  });

  it('a failed early answer (401 before sign-in) is asked again, and is not taken as a lost session', async () => {
    const calls = answers([401, 200]);
    const root = new RootStore();
    const lost = vi.fn();
    setUnauthorizedHandler(lost);
    prefetchWorkflow('abc');
    expect(await openWorkflow(root, 'abc')).toBe(true);
    expect(calls).toEqual(['/rest/workflows/abc', '/rest/workflows/abc']);
    expect(lost).not.toHaveBeenCalled();
    setUnauthorizedHandler(undefined);
  });

  it('an answer for another workflow is not used, and is used only once', async () => {
    const calls = answers([200, 200, 200]);
    prefetchWorkflow('one');
    const root = new RootStore();
    expect(await openWorkflow(root, 'two')).toBe(true);
    expect(root.workflow.name).toBe('Workflow two');
    expect(await openWorkflow(root, 'one')).toBe(true);
    expect(calls).toEqual(['/rest/workflows/one', '/rest/workflows/two', '/rest/workflows/one']);
  });
});
