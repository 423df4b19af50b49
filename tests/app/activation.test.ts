// The header's activation commands (spec 001 §4.6) against a stubbed REST server: issues block
// it before anything is saved, an unsaved workflow is created first, an active one only says so,
// server failures leave it off, the modal honours the don't-show flag, and the warning texts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runInAction } from 'mobx';
import { RootStore } from '../../src/app/stores/RootStore.ts';
import { builtinNodeTypes } from '../../src/nodes/registry.ts';
import type { INode } from '../../src/model/workflow.ts';
import {
  ACTIVATION_ERROR_FETCH_FAILED,
  ACTIVATION_ERROR_PREFIX,
  ACTIVATION_ERROR_UNKNOWN,
  HIDE_ACTIVATION_ALERT_KEY,
  PROBLEM_ACTIVATING,
  WORKFLOW_IS_ACTIVE,
  activationAlertHidden,
  activationOf,
  isActivatableTrigger,
  refreshActivation,
  setActivationAlertHidden,
  showActivationError,
  updateWorkflowActivation,
} from '../../src/app/editor/header/activation.ts';

const webhook: INode = { id: 'w', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], parameters: { path: 'hook' } };
const set: INode = { id: 's', name: 'Set', type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [200, 0], parameters: {} };
const manual: INode = { id: 'm', name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 200], parameters: {} };
const http: INode = { id: 'h', name: 'HTTP', type: 'n8n-nodes-base.httpRequest', typeVersion: 3, position: [400, 0], parameters: {} };

function root(nodes: INode[], saved?: { id: string; active?: boolean }): RootStore {
  const r = new RootStore();
  runInAction(() => {
    r.nodeTypes.set(builtinNodeTypes.descriptions());
    r.workflow.load({ id: saved?.id, name: 'w', active: saved?.active ?? false, nodes, connections: {} });
  });
  return r;
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A stub server: routes by 'METHOD /path' (under /rest) to [status, body]. */
function server(routes: Record<string, (body: unknown) => [number, unknown]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^\/rest/, '').replace(/\?.*$/, '');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init.method ?? 'GET', path, body });
      const route = routes[`${init.method} ${path}`];
      if (!route) return new Response(JSON.stringify({ code: 404, message: `no route ${init.method} ${path}` }), { status: 404 });
      const [status, data] = route(body);
      return new Response(JSON.stringify(status < 400 ? { data } : data), { status });
    }),
  );
  return calls;
}

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

const toastTitles = (r: RootStore) => r.ui.toasts.toasts.map((t) => t.title);
const saved = (id: string, body: Record<string, unknown>, active: boolean) => ({ id, name: 'w', nodes: [], connections: {}, tags: [], versionId: `v-${active}`, createdAt: '', updatedAt: '', ...body, active });

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('activation: which workflows can be activated', () => {
  it('counts webhook and schedule triggers, not the manual trigger or regular nodes', () => {
    const r = root([]);
    const d = (t: string) => r.nodeTypes.latest(t);
    expect(isActivatableTrigger('n8n-nodes-base.webhook', d('n8n-nodes-base.webhook'))).toBe(true);
    expect(isActivatableTrigger('n8n-nodes-base.scheduleTrigger', d('n8n-nodes-base.scheduleTrigger'))).toBe(true);
    expect(isActivatableTrigger('n8n-nodes-base.manualTrigger', d('n8n-nodes-base.manualTrigger'))).toBe(false);
    expect(isActivatableTrigger('n8n-nodes-base.set', d('n8n-nodes-base.set'))).toBe(false);
  });

  it('disables the toggle of an inactive workflow without a trigger, and while updating', () => {
    const onlySet = root([set]);
    expect(activationOf(onlySet).toggleDisabled(onlySet)).toBe(true);
    const manualOnly = root([manual, set]);
    expect(activationOf(manualOnly).toggleDisabled(manualOnly)).toBe(true);
    const disabledHook = root([{ ...webhook, disabled: true }, set]);
    expect(activationOf(disabledHook).toggleDisabled(disabledHook)).toBe(true);
    const hook = root([webhook, set]);
    const store = activationOf(hook);
    expect(store.toggleDisabled(hook)).toBe(false);
    store.setUpdating(true);
    expect(store.toggleDisabled(hook)).toBe(true);
    // An active workflow can always be switched off.
    const activeSet = root([set], { id: '7', active: true });
    expect(activationOf(activeSet).toggleDisabled(activeSet)).toBe(false);
  });
});

describe('activation: activating', () => {
  it('PATCHes { active: true }, marks it active and opens the activation modal', async () => {
    const r = root([webhook, set], { id: '5' });
    const calls = server({ 'PATCH /workflows/5': (b) => [200, saved('5', {}, (b as { active: boolean }).active)] });
    await expect(updateWorkflowActivation(r, true)).resolves.toBe('activated');
    expect(calls).toEqual([{ method: 'PATCH', path: '/workflows/5', body: { active: true } }]);
    expect(r.workflow.active).toBe(true);
    expect(r.workflow.versionId).toBe('v-true');
    expect(activationOf(r).activeIds.has('5')).toBe(true);
    expect(activationOf(r).updating).toBe(false);
    expect(r.ui.modals.isOpen('activation')).toBe(true);
  });

  it('sends unsaved edits with the switch and clears the dirty flag', async () => {
    const r = root([webhook, set], { id: '5' });
    r.workflow.setName('renamed');
    expect(r.workflow.dirty).toBe(true);
    const calls = server({ 'PATCH /workflows/5': (b) => [200, saved('5', { name: 'renamed' }, true)] });
    await updateWorkflowActivation(r, true);
    expect(calls[0].body).toMatchObject({ name: 'renamed', active: true });
    expect((calls[0].body as { nodes: INode[] }).nodes.map((n) => n.name)).toEqual(['Webhook', 'Set']);
    expect(r.workflow.dirty).toBe(false);
  });

  it('saves an unsaved workflow first, then activates it under its new id', async () => {
    const r = root([webhook, set]);
    const calls = server({
      'POST /workflows': (b) => [200, saved('9', b as Record<string, unknown>, false)],
      'PATCH /workflows/9': () => [200, saved('9', {}, true)],
    });
    const onCreated = vi.fn();
    await expect(updateWorkflowActivation(r, true, { onCreated })).resolves.toBe('activated');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /workflows', 'PATCH /workflows/9']);
    expect((calls[0].body as { active: boolean }).active).toBe(false);
    expect(onCreated).toHaveBeenCalledWith('9');
    expect(r.workflow.workflowId).toBe('9');
    expect(r.workflow.active).toBe(true);
  });

  it('shows the error and saves nothing when nodes have issues', async () => {
    const r = root([webhook, http]);
    const calls = server({});
    await expect(updateWorkflowActivation(r, true)).resolves.toBe('failed');
    expect(calls).toEqual([]);
    const t = r.ui.toasts.toasts[0];
    expect(t.title).toBe(PROBLEM_ACTIVATING);
    expect(t.message).toContain('HTTP: Parameter "URL" is required.');
    expect(r.workflow.isSaved).toBe(false);
    expect(r.workflow.active).toBe(false);
  });

  it("says 'Workflow is active' for one the server already runs", async () => {
    const r = root([webhook], { id: '5', active: true });
    activationOf(r).setActiveList(['5']);
    const calls = server({});
    await expect(updateWorkflowActivation(r, true)).resolves.toBe('already-active');
    expect(calls).toEqual([]);
    expect(toastTitles(r)).toEqual([WORKFLOW_IS_ACTIVE]);
    expect(r.ui.modals.isOpen('activation')).toBe(false);
  });

  it("shows the server's activation failure and leaves it inactive", async () => {
    const r = root([webhook], { id: '5' });
    server({ 'PATCH /workflows/5': () => [400, { code: 400, message: 'The URL path that the "Webhook" node uses is already taken.' }] });
    await expect(updateWorkflowActivation(r, true)).resolves.toBe('failed');
    expect(r.ui.toasts.toasts[0]).toMatchObject({ title: 'Workflow could not be activated', message: 'The URL path that the "Webhook" node uses is already taken.' });
    expect(r.workflow.active).toBe(false);
    expect(activationOf(r).activeIds.has('5')).toBe(false);
    expect(activationOf(r).updating).toBe(false);
    expect(r.ui.modals.isOpen('activation')).toBe(false);
  });

  it('skips the modal when the don\'t-show flag is stored', async () => {
    expect(activationAlertHidden()).toBe(false);
    setActivationAlertHidden(true);
    expect(localStorage.getItem(HIDE_ACTIVATION_ALERT_KEY)).toBe('true');
    const r = root([webhook], { id: '5' });
    server({ 'PATCH /workflows/5': () => [200, saved('5', {}, true)] });
    await updateWorkflowActivation(r, true);
    expect(r.workflow.active).toBe(true);
    expect(r.ui.modals.isOpen('activation')).toBe(false);
  });
});

describe('activation: deactivating and the not-running warning', () => {
  it('PATCHes { active: false }', async () => {
    const r = root([webhook], { id: '5', active: true });
    activationOf(r).setActiveList(['5']);
    const calls = server({ 'PATCH /workflows/5': () => [200, saved('5', {}, false)] });
    await expect(updateWorkflowActivation(r, false)).resolves.toBe('deactivated');
    expect(calls).toEqual([{ method: 'PATCH', path: '/workflows/5', body: { active: false } }]);
    expect(r.workflow.active).toBe(false);
    expect(activationOf(r).activeIds.has('5')).toBe(false);
    expect(r.ui.modals.isOpen('activation')).toBe(false);
  });

  it('warns when an active workflow is not in the active list or has an activation error', async () => {
    const r = root([webhook], { id: '5', active: true });
    const store = activationOf(r);
    expect(store.notRunning(r)).toBe(false); // nothing known yet
    server({ 'GET /active': () => [200, []], 'GET /active/error/5': () => [200, null] });
    await refreshActivation(r);
    expect(store.notRunning(r)).toBe(true);
    server({ 'GET /active': () => [200, ['5']], 'GET /active/error/5': () => [200, null] });
    await refreshActivation(r);
    expect(store.notRunning(r)).toBe(false);
    server({ 'GET /active': () => [200, ['5']], 'GET /active/error/5': () => [200, { time: 't', error: { message: 'boom' } }] });
    await refreshActivation(r);
    expect(store.notRunning(r)).toBe(true);
    // An inactive workflow never warns.
    const off = root([webhook], { id: '6' });
    activationOf(off).setActiveList([]);
    expect(activationOf(off).notRunning(off)).toBe(false);
  });

  it('shows the activation error, or the fallback texts', async () => {
    const r = root([webhook], { id: '5', active: true });
    server({ 'GET /active/error/5': () => [200, { time: 't', error: { message: 'No path' } }] });
    await expect(showActivationError(r)).resolves.toBe(`${ACTIVATION_ERROR_PREFIX}\nNo path`);
    server({ 'GET /active/error/5': () => [200, null] });
    await expect(showActivationError(r)).resolves.toBe(ACTIVATION_ERROR_UNKNOWN);
    server({ 'GET /active/error/5': () => [500, { code: 500, message: 'down' }] });
    await expect(showActivationError(r)).resolves.toBe(ACTIVATION_ERROR_FETCH_FAILED);
    expect(r.ui.toasts.toasts.map((t) => [t.kind, t.title])).toEqual([
      ['warning', PROBLEM_ACTIVATING],
      ['warning', PROBLEM_ACTIVATING],
      ['warning', PROBLEM_ACTIVATING],
    ]);
  });
});
