// NodeModel's lazy observable fields behave like ordinary MobX observables (the canvas observes
// them with observe(), views with reactions) while costing nothing until used.
import { describe, expect, it } from 'vitest';
import { autorun, isObservableObject, isObservableProp, observe, runInAction, toJS } from 'mobx';
import { NodeModel } from '../../src/app/stores/WorkflowStore.ts';
import { leadingDebounce } from '../../src/app/commands/debounce.ts';

const model = () => new NodeModel({ id: 'a', name: 'A', type: 't', typeVersion: 1, position: [10, 20], parameters: { p: 1 }, notes: 'n' });

describe('NodeModel fields', () => {
  it('are observable, reported by observe() by name, and tracked by reactions', () => {
    const m = model();
    expect(isObservableObject(m)).toBe(true);
    expect(isObservableProp(m, 'x')).toBe(true);
    const changes: string[] = [];
    observe(m, (c) => changes.push(`${String((c as { name: string }).name)}=${JSON.stringify((c as { newValue: unknown }).newValue)}`));
    const seen: number[] = [];
    const stop = autorun(() => seen.push(m.x));
    runInAction(() => {
      m.x = 40;
      m.status = 'success';
      m.issues = ['x'];
    });
    expect(changes).toEqual(['x=40', 'status="success"', 'issues=["x"]']);
    expect(seen).toEqual([10, 40]);
    stop();
  });

  it('answers untracked reads before the first write from the constructor values, and stays tracked and current', () => {
    const m = model();
    // Untracked reads (the canvas's frame loop) see the constructor's values.
    expect([m.x, m.y, m.status, m.name, m.disabled]).toEqual([10, 20, 'idle', 'A', false]);
    const seen: string[] = [];
    const stop = autorun(() => seen.push(`${m.status}:${m.x}`));
    runInAction(() => (m.status = 'running'));
    expect(m.status).toBe('running');
    runInAction(() => (m.x = 30));
    expect(m.x).toBe(30);
    expect(seen).toEqual(['idle:10', 'running:10', 'running:30']);
    stop();
    // A field written before any tracked read is tracked from then on too.
    const n = model();
    runInAction(() => (n.y = 99));
    expect(n.y).toBe(99);
    const ys: number[] = [];
    const stop2 = autorun(() => ys.push(n.y));
    runInAction(() => (n.y = 100));
    expect(ys).toEqual([99, 100]);
    stop2();
  });

  it('keeps values per instance and serialises as n8n JSON', () => {
    const a = model();
    const b = new NodeModel({ id: 'b', name: 'B', type: 't', typeVersion: 2, position: [0, 0], parameters: {}, disabled: true });
    runInAction(() => (a.name = 'A2'));
    expect([a.name, b.name, a.typeVersion, b.typeVersion]).toEqual(['A2', 'B', 1, 2]);
    expect(a.toJSON()).toEqual({ id: 'a', name: 'A2', type: 't', typeVersion: 1, position: [10, 20], parameters: { p: 1 }, notes: 'n' });
    expect(b.toJSON().disabled).toBe(true);
    expect(toJS(a).x).toBe(10);
  });
});

describe('leadingDebounce', () => {
  it('acts on the first call and drops calls until a quiet period has passed', () => {
    let now = 0;
    const calls: number[] = [];
    const f = leadingDebounce((n: number) => calls.push(n), 350, () => now);
    f(1);
    now = 100;
    f(2);
    now = 400; // 300 ms after the last call: still held
    f(3);
    now = 800;
    f(4);
    expect(calls).toEqual([1, 4]);
  });
});
