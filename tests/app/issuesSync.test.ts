// Issues through the issue worker's API (here on the main thread): computed after a load,
// then only for the nodes an edit touched; stale answers are dropped.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInAction } from 'mobx';
import { RootStore } from '../../src/app/stores/RootStore.ts';
import { localIssuesApi, runIssueLines, startIssuesSync, type IssuesClient } from '../../src/app/stores/issuesSync.ts';
import type { IssueNodeInput } from '../../workers/issues/kernel.ts';
import { builtinNodeTypes } from '../../src/nodes/registry.ts';
import { generateWorkflow } from '../../bench/generateWorkflow.ts';

/** The kernel behind an asynchronous, counting client (as the worker would be). */
function countingClient() {
  const api = localIssuesApi();
  const sent: string[][] = [];
  let hold: Promise<void> | undefined;
  const client: IssuesClient = {
    async call(method: string, ...args: unknown[]) {
      if (hold) await hold;
      if (method === 'compute') sent.push((args[0] as IssueNodeInput[]).map((n) => n.id));
      return (api as unknown as Record<string, (...a: unknown[]) => unknown>)[method](...args);
    },
    destroy() {},
  } as IssuesClient;
  return { client, sent, holdUntil: (p: Promise<void>) => (hold = p) };
}

const settle = () => new Promise((r) => setTimeout(r, 30));

function root(): RootStore {
  const r = new RootStore();
  runInAction(() => {
    r.nodeTypes.set(builtinNodeTypes.descriptions());
    r.workflow.load({
      name: 'w',
      active: false,
      nodes: [
        { id: 'h', name: 'HTTP', type: 'n8n-nodes-base.httpRequest', typeVersion: 3, position: [0, 0], parameters: {} },
        { id: 'n', name: 'NoOp', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [200, 0], parameters: {} },
        { id: 'u', name: 'Mystery', type: 'acme.mystery', typeVersion: 1, position: [400, 0], parameters: {} },
        { id: 's', name: 'Note', type: 'n8n-nodes-base.stickyNote', typeVersion: 1, position: [0, 400], parameters: {} },
      ],
      connections: {},
    });
  });
  return r;
}

afterEach(() => vi.useRealTimers());

describe('issues sync', () => {
  it('computes every node after a load, then only the nodes an edit touched', async () => {
    const r = root();
    const { client, sent } = countingClient();
    const stop = startIssuesSync(r, { client, debounceMs: 5 });
    await settle();
    expect(sent).toEqual([['h', 'n', 'u']]);
    expect(r.workflow.nodes.get('h')!.issues).toContain('Parameter "URL" is required.');
    expect(r.workflow.nodes.get('u')!.issues).toEqual(['Node Type "acme.mystery" is not known.']);
    expect(r.workflow.nodes.get('n')!.issues).toEqual([]);

    runInAction(() => r.workflow.setParameters('h', { url: 'https://example.com' }));
    runInAction(() => r.workflow.setParameters('h', { url: 'https://example.com/x' }));
    await settle();
    expect(sent.slice(1)).toEqual([['h']]);
    expect(r.workflow.nodes.get('h')!.issues).toEqual([]);

    runInAction(() => r.workflow.setDisabled(['u'], true));
    await settle();
    expect(sent.slice(2)).toEqual([['u']]);
    expect(r.workflow.nodes.get('u')!.issues).toEqual([]);
    stop();
  });

  it('drops an answer for a node that changed while it was computed', async () => {
    const r = root();
    const { client, sent, holdUntil } = countingClient();
    const stop = startIssuesSync(r, { client, debounceMs: 5 });
    await settle();
    let release!: () => void;
    holdUntil(new Promise<void>((res) => (release = res)));
    runInAction(() => r.workflow.setParameters('h', { url: 'https://a' }));
    await settle();
    // While that answer is on its way, the URL is emptied again.
    runInAction(() => r.workflow.setParameters('h', { url: '' }));
    holdUntil(Promise.resolve());
    release();
    await settle();
    await settle();
    expect(sent.slice(1)).toEqual([['h'], ['h']]);
    expect(r.workflow.nodes.get('h')!.issues).toContain('Parameter "URL" is required.');
    stop();
  });

  it('checks a 10,000-node workflow in batches', async () => {
    const r = new RootStore();
    runInAction(() => {
      r.nodeTypes.set(builtinNodeTypes.descriptions());
      r.workflow.load(generateWorkflow(10000));
    });
    const { client, sent } = countingClient();
    const stop = startIssuesSync(r, { client, debounceMs: 1, batchSize: 500 });
    for (let i = 0; i < 200 && sent.flat().length < 10000; i++) await settle();
    expect(sent.length).toBe(20);
    expect(Math.max(...sent.map((b) => b.length))).toBe(500);
    stop();
  });

  it('once the stored credentials are known, a node naming one that does not exist has an issue until it is created', async () => {
    const r = new RootStore();
    runInAction(() => {
      r.nodeTypes.set(builtinNodeTypes.descriptions());
      r.workflow.load({
        name: 'w', active: false, connections: {},
        nodes: [{
          id: 'h', name: 'HTTP', type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, position: [0, 0],
          parameters: { url: 'https://example.com', authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' },
          credentials: { httpHeaderAuth: { id: 'from-another-instance', name: 'Partner API' } },
        }],
      });
    });
    const { client } = countingClient();
    const stop = startIssuesSync(r, { client, debounceMs: 5 });
    await settle();
    expect(r.workflow.nodes.get('h')!.issues).toEqual([]); // the list is not loaded yet: nothing to check against
    const item = (id: string, name: string) => ({ id, name, type: 'httpHeaderAuth', nodesAccess: [], createdAt: '', updatedAt: '' });
    const store = r.credentials as unknown as { setLoaded(t: unknown[], l: unknown[]): void; upsert(c: unknown): void };
    runInAction(() => store.setLoaded([], [item('1', 'Internal API')]));
    await vi.waitFor(() => expect(r.workflow.nodes.get('h')!.issues).toEqual([
      'Credentials with name "Partner API" do not exist for "httpHeaderAuth".',
      'You can create credentials with the exact name and then they get auto-selected on refresh.',
    ]));
    expect(runIssueLines(r)).toContain('HTTP: Credentials with name "Partner API" do not exist for "httpHeaderAuth".');
    runInAction(() => store.upsert(item('2', 'Partner API')));
    await vi.waitFor(() => expect(r.workflow.nodes.get('h')!.issues).toEqual([]));
    expect(runIssueLines(r)).toEqual([]);
    stop();
  });

  it("the run's 'Workflow has issues' lines name a credential type as the node's panel does (its display name)", () => {
    const r = new RootStore();
    runInAction(() => {
      r.nodeTypes.set(builtinNodeTypes.descriptions());
      r.workflow.load({
        name: 'w', active: false, connections: {},
        nodes: [{
          id: 'o', name: 'OAuth', type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, position: [0, 0],
          parameters: { url: 'https://example.com', authentication: 'genericCredentialType', genericAuthType: 'oAuth2Api' },
        }],
      });
      (r.credentials as unknown as { setLoaded(t: unknown[], l: unknown[]): void }).setLoaded([{ name: 'oAuth2Api', displayName: 'OAuth2 API', properties: [] }], []);
    });
    expect(runIssueLines(r)).toEqual(['OAuth: Credentials for "OAuth2 API" are not set.']);
  });
});
