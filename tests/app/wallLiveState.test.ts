// The wall's pure rules (src/app/wall/liveState.ts) and how a panel takes the stream's snapshots.
import { describe, expect, it } from 'vitest';
import { liveCaption, liveStatus, pageSeconds, panelsPerPage, percent } from '../../src/app/wall/liveState.ts';
import { FLASH_MS, LOOK_KEY, WallPanelState } from '../../src/app/wall/WallPanelState.ts';
import type { WallSnapshot, WallWorkflow } from '../../src/model/wall.ts';

const snap = (over: Partial<WallSnapshot> = {}): WallSnapshot => ({ workflowId: 'w', at: Date.now(), full: true, perMinute: 0, errorRate: 0, running: 0, nodes: {}, ...over });

function workflow(over: Partial<WallWorkflow> = {}): WallWorkflow {
  return {
    id: 'w',
    name: 'Orders',
    active: true,
    nodes: [
      { id: 'a', name: 'Hook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], look: { displayName: 'Webhook', inputs: 0, outputs: 2, isTrigger: true } },
      { id: 'b', name: 'Set', type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [220, 0] },
    ],
    connections: { Hook: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
    snapshot: snap(),
    types: {},
    ...over,
  };
}

describe('wall live state', () => {
  it('draws running before the last outcome, and idle without one', () => {
    expect(liveStatus(undefined)).toBe('idle');
    expect(liveStatus({ running: 1, items: 0, runs: 3, last: ['error'] })).toBe('running');
    expect(liveStatus({ running: 0, items: 2, runs: 3, last: ['error', 'success'] })).toBe('error');
    expect(liveStatus({ running: 0, items: 2, runs: 3, last: ['waiting'] })).toBe('waiting');
    expect(liveStatus({ running: 0, items: 2, runs: 3, last: ['success', 'error'] })).toBe('success');
    expect(liveStatus({ running: 0, items: 0, runs: 0, last: [] })).toBe('idle');
  });

  it('says a node\'s runs in the last minute and its last outcomes, newest first', () => {
    expect(liveCaption(undefined)).toBeUndefined();
    expect(liveCaption({ running: 0, items: 0, runs: 0, last: [] })).toBeUndefined();
    expect(liveCaption({ running: 0, items: 1, runs: 12, last: ['success', 'error', 'waiting', 'success'] })).toBe('12/min ✓✗…✓');
    expect(liveCaption({ running: 2, items: 0, runs: 2, last: [] })).toBe('2/min');
  });

  it('formats rates and lays pages out', () => {
    expect([percent(0), percent(1 / 7), percent(0.034), percent(1)]).toEqual(['0 %', '14 %', '3.4 %', '100 %']);
    expect([panelsPerPage(1), panelsPerPage(2), panelsPerPage(7), panelsPerPage(7, 3), panelsPerPage(7, 40)]).toEqual([1, 2, 4, 3, 4]);
    expect([pageSeconds(), pageSeconds(2), pageSeconds(60)]).toEqual([20, 20, 60]);
  });

  it('a panel takes whole states and updates, and flashes a new failure only', () => {
    const p = new WallPanelState(workflow());
    // A node's own look rides in its parameters for the canvas's lookup.
    expect(p.doc.nodeByName('Hook')!.parameters[LOOK_KEY]).toMatchObject({ outputs: 2 });
    p.apply(snap({ perMinute: 5, nodes: { Hook: { running: 0, items: 1, runs: 5, last: ['success'] }, Set: { running: 1, items: 3, runs: 4, last: ['success'] } } }));
    expect(p.perMinute).toBe(5);
    expect(p.doc.nodeByName('Set')!.status).toBe('running');
    expect([...p.doc.nodeByName('Set')!.itemCount]).toEqual([3]);
    expect(p.doc.nodeByName('Set')!.caption).toBe('4/min ✓');
    // An update names only what changed.
    p.apply(snap({ full: false, nodes: { Set: { running: 0, items: 3, runs: 5, last: ['error', 'success'], error: { message: 'boom', at: 1 } } } }));
    expect(p.doc.nodeByName('Hook')!.status).toBe('success');
    expect(p.doc.nodeByName('Set')!.status).toBe('error');
    // A whole state without a node: that node is idle again.
    p.apply(snap({ nodes: { Set: { running: 0, items: 0, runs: 0, last: [] } } }));
    expect(p.doc.nodeByName('Hook')!.status).toBe('idle');
    expect(p.doc.nodeByName('Hook')!.itemCount).toEqual([]);

    const at = Date.now();
    p.apply(snap({ full: false, lastFailure: { executionId: '9', nodeName: 'Set', message: 'boom', at } }));
    expect(p.lastFailure?.nodeName).toBe('Set');
    expect(p.flashUntil).toBe(at + FLASH_MS);
    p.flashUntil = 0;
    p.apply(snap({ full: false, lastFailure: { executionId: '9', nodeName: 'Set', message: 'boom', at } }));
    expect(p.flashUntil).toBe(0);
  });

  it('an old failure found when the wall opens is shown, not flashed; a changed workflow is reloaded', () => {
    const p = new WallPanelState(workflow({ snapshot: snap({ lastFailure: { executionId: '1', nodeName: 'Set', message: 'old', at: Date.now() - 3_600_000 } }) }));
    expect(p.lastFailure?.message).toBe('old');
    expect(p.flashUntil).toBeLessThan(Date.now());
    const shape = p.shape;
    p.setWorkflow(workflow());
    expect(p.shape).toBe(shape);
    p.setWorkflow(workflow({ nodes: [...workflow().nodes, { id: 'c', name: 'More', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0] }] }));
    expect(p.shape).toBe(shape + 1);
    expect(p.doc.nodes.size).toBe(3);
  });
});
