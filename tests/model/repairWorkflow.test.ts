import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { POSITION_LIMIT, repairMessages, repairWorkflow } from '../../src/model/repairWorkflow.ts';
import { planPaste } from '../../src/model/pastePlan.ts';
import { PUSH_NODES_OFFSET } from '../../src/model/constants.ts';

const node = (name: string, position: unknown = [0, 0], extra: Record<string, unknown> = {}) => ({ id: `id-${name}`, name, type: 'n8n-nodes-base.noOp', typeVersion: 1, position, parameters: {}, ...extra });

describe('repairWorkflow', () => {
  it('leaves a good workflow as it is and reports nothing', () => {
    const wf = { name: 'W', active: false, nodes: [node('A'), node('B', [200, 0])], connections: { A: { main: [[{ node: 'B', type: 'main', index: 0 }]] } } };
    const { workflow, report } = repairWorkflow(wf);
    expect(workflow.nodes.map((n) => [n.id, n.name, n.position])).toEqual([['id-A', 'A', [0, 0]], ['id-B', 'B', [200, 0]]]);
    expect(workflow.connections).toEqual(wf.connections);
    expect(repairMessages(report)).toEqual([]);
  });

  it('drops connections to and from missing nodes and counts them', () => {
    const { workflow, report } = repairWorkflow({
      nodes: [node('A'), node('B')],
      connections: {
        A: { main: [[{ node: 'B', type: 'main', index: 0 }, { node: 'Ghost', type: 'main', index: 0 }]] },
        Gone: { main: [[{ node: 'A', type: 'main', index: 0 }]] },
        B: { main: [[{ node: 'A', type: 'main', index: -1 }], 'junk'] },
      },
    });
    expect(workflow.connections).toEqual({ A: { main: [[{ node: 'B', type: 'main', index: 0 }]] } });
    expect(report.droppedConnections).toBe(4);
    expect(repairMessages(report)).toContain('4 connections to missing nodes were dropped.');
  });

  it('places nodes with NaN, missing or absurd positions below the others', () => {
    const { workflow, report } = repairWorkflow({
      nodes: [node('A', [100, 100]), node('B', [NaN, 0]), node('C', [1e12, 5]), node('D', 'x'), node('E', [300, 200])],
      connections: {},
    });
    expect(report.repairedPositions).toBe(3);
    const pos = Object.fromEntries(workflow.nodes.map((n) => [n.name, n.position]));
    expect(pos.A).toEqual([100, 100]);
    for (const n of ['B', 'C', 'D']) {
      expect(pos[n][1]).toBeGreaterThan(200);
      expect(Math.abs(pos[n][0])).toBeLessThan(POSITION_LIMIT);
    }
    expect(new Set(['B', 'C', 'D'].map((n) => pos[n][0])).size).toBe(3);
    // As far apart as added nodes, so no output stub reaches into the next node.
    expect([pos.C[0] - pos.B[0], pos.D[0] - pos.C[0]]).toEqual([PUSH_NODES_OFFSET, PUSH_NODES_OFFSET]);
  });

  it('keeps unknown types, skips entries that are not nodes, makes names and ids unique', () => {
    const { workflow, report } = repairWorkflow({
      nodes: [node('A', [0, 0], { type: 'acme.unknownThing' }), 'junk', { name: 'no type' }, node('A'), { ...node(''), id: 'id-A' }],
      connections: { A: { main: [[{ node: 'A', type: 'main', index: 0 }]] } },
    });
    expect(workflow.nodes.map((n) => n.name)).toEqual(['A', 'A1', 'noOp']);
    expect(workflow.nodes[0].type).toBe('acme.unknownThing');
    expect(new Set(workflow.nodes.map((n) => n.id)).size).toBe(3);
    expect(report).toMatchObject({ droppedNodes: 2, renamedNodes: 2, newIds: 2 });
    // Connections by name resolve to the first node that had the name.
    expect(workflow.connections).toEqual({ A: { main: [[{ node: 'A', type: 'main', index: 0 }]] } });
  });

  it('survives input that is not a workflow at all', () => {
    for (const bad of [null, 42, 'text', [], { nodes: 'x', connections: [] }]) {
      const { workflow } = repairWorkflow(bad);
      expect(workflow.nodes).toEqual([]);
      expect(workflow.connections).toEqual({});
      expect(workflow.name).toBe('My workflow');
    }
  });

  it('drops pinned data of missing nodes and non-list pins, and repairs parameters and typeVersion', () => {
    const { workflow, report } = repairWorkflow({
      nodes: [node('A', [0, 0], { parameters: 'bad', typeVersion: 'x' })],
      connections: {},
      pinData: { A: [{ json: { a: 1 } }], Ghost: [{ json: {} }], Bad: 'x' },
    });
    expect(workflow.pinData).toEqual({ A: [{ json: { a: 1 } }] });
    expect(report.droppedPinData).toBe(2);
    expect(workflow.nodes[0].parameters).toEqual({});
    expect(workflow.nodes[0].typeVersion).toBe(1);
  });

  it('reads older n8n forms as n8n\'s editor does: credentials by name, unwrapped pinned items, nulls', () => {
    const { workflow } = repairWorkflow({
      nodes: [node('A', [0, 0], { credentials: { slackApi: 'Slack account', smtp: { id: '3', name: 'Mail' } }, notes: null, disabled: null })],
      connections: {},
      pinData: { A: [{ body: { x: 1 } }, { json: { y: 2 } }], Gone: null },
      settings: { errorWorkflow: null, timezone: 'UTC' },
    });
    expect(workflow.nodes[0].credentials).toEqual({ slackApi: { id: null, name: 'Slack account' }, smtp: { id: '3', name: 'Mail' } });
    expect('notes' in workflow.nodes[0] || 'disabled' in workflow.nodes[0]).toBe(false);
    expect(workflow.pinData).toEqual({ A: [{ json: { body: { x: 1 } } }, { json: { y: 2 } }] });
    expect(workflow.settings).toEqual({ timezone: 'UTC' });
  });

  it('opens and pastes every real n8n file of the committed sample without dropping anything', () => {
    const root = fileURLToPath(new URL('../fixtures/real-workflows', import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
    let read = 0;
    for (const f of files) {
      let file: { nodes: Array<{ name: string }>; connections: object };
      try {
        file = JSON.parse(readFileSync(join(root, f), 'utf8'));
      } catch {
        continue;
      }
      read++;
      const { workflow, report } = repairWorkflow(file);
      expect(repairMessages(report).filter((m) => !/renamed|new id/.test(m)), f).toEqual([]);
      expect(workflow.nodes.map((n) => n.name), f).toEqual(file.nodes.map((n) => n.name));
      expect(workflow.connections, f).toEqual(file.connections);
      for (const n of workflow.nodes) for (const ref of Object.values(n.credentials ?? {})) expect(typeof ref, f).toBe('object');
      const plan = planPaste(workflow, { hasName: () => false, countOfType: () => 0, limitOf: () => undefined, boxes: [] });
      const count = Object.values(file.connections as Record<string, Record<string, unknown[][]>>).flatMap((t) => Object.values(t).flat(2)).filter(Boolean).length;
      expect(plan.connections, f).toHaveLength(count);
    }
    expect(read).toBeGreaterThanOrEqual(28);
  });

  it('repairs 10,000 broken positions in linear time', () => {
    const nodes = Array.from({ length: 10000 }, (_, i) => node(`N${i}`, i % 2 ? [NaN, NaN] : [i, i]));
    const t0 = performance.now();
    const { report } = repairWorkflow({ nodes, connections: {} });
    expect(report.repairedPositions).toBe(5000);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
