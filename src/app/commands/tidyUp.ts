// Tidy up (toolbar button, shift+alt+t): a left-to-right layered layout from the layout worker
// (ELK, workers/layout/kernel.ts) over the selection when two or more nodes are selected, else
// the whole workflow; the canvas animates the nodes into place and the move is one undo step.
import { NODE_SIZE, GRID_SIZE } from '../../model/constants.ts';
import { nodeBox } from '../../model/pastePlan.ts';
import type { LayoutEdge, LayoutInput, LayoutNode, LayoutResult } from '../../../workers/layout/kernel.ts';
import type { LayoutService } from '../workers/layoutService.ts';
import type { CanvasHandle } from '../../canvas/types.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { ensureEditable } from './readOnly.ts';

/** Node height as the canvas draws it: taller than the default box when it has many ports. */
function heightFor(inputs: number, outputs: number): number {
  return Math.max(NODE_SIZE, Math.max(inputs, outputs) * GRID_SIZE * 1.5 + GRID_SIZE);
}

export function layoutInput(root: RootStore): LayoutInput {
  const { workflow, nodeTypes } = root;
  const selected = [...workflow.selection].map((id) => workflow.nodes.get(id)).filter((n) => n !== undefined && !n.isSticky);
  const scope = selected.length >= 2 ? new Set(selected.map((n) => n!.id)) : undefined;
  const nodes: LayoutNode[] = [];
  for (const n of workflow.nodes.values()) {
    if (n.isSticky) {
      if (scope) continue;
      const b = nodeBox({ type: n.type, position: [n.x, n.y], parameters: n.parameters });
      nodes.push({ id: n.id, x: n.x, y: n.y, width: b.width, height: b.height, inputs: 0, outputs: 0, sticky: true });
      continue;
    }
    if (scope && !scope.has(n.id)) continue;
    const ports = nodeTypes.portsOf(n.type, n.typeVersion, n.parameters) ?? { inputs: 1, outputs: 1 };
    const inputs = nodeTypes.isTrigger(n.type, n.typeVersion) ? 0 : ports.inputs;
    nodes.push({ id: n.id, x: n.x, y: n.y, width: NODE_SIZE, height: heightFor(inputs, ports.outputs), inputs, outputs: ports.outputs });
  }
  const edges: LayoutEdge[] = [];
  for (const c of workflow.connections.values()) {
    if (scope && (!scope.has(c.sourceId) || !scope.has(c.targetId))) continue;
    edges.push({ source: c.sourceId, sourceOutput: c.sourceOutput, target: c.targetId, targetInput: c.targetInput });
  }
  return { nodes, edges };
}

/** Returns how many nodes moved; undefined when it could not run (a toast says why). */
export async function tidyUp(root: RootStore, layout: LayoutService, canvas: CanvasHandle | undefined): Promise<number | undefined> {
  if (!ensureEditable(root)) return undefined;
  const { workflow, ui } = root;
  const input = layoutInput(root);
  if (input.nodes.filter((n) => !n.sticky).length < 2) return 0;
  let result: LayoutResult;
  try {
    result = await layout.layout(input);
  } catch (e) {
    ui.toasts.error('Could not tidy up', e instanceof Error ? e.message : String(e));
    return undefined;
  }
  // Nodes deleted while the layout ran are skipped; the rest move.
  const positions = new Map(Object.entries(result.positions).filter(([id]) => workflow.nodes.has(id)));
  if (!positions.size) return 0;
  // The canvas animates, then writes every position as one 'Tidy up' step; no step is held
  // open meanwhile, so an edit made during the animation stays an undo step of its own.
  if (canvas?.animatePositions) await canvas.animatePositions(positions, undefined, 'Tidy up');
  else workflow.setNodePositions(positions, 'Tidy up');
  // A node the canvas did not move (it did not know it) is placed here, unless the user moved
  // it meanwhile (then their move stands).
  const at = new Map(input.nodes.map((n) => [n.id, [n.x, n.y] as const]));
  const rest = new Map([...positions].filter(([id, [x, y]]) => {
    const n = workflow.nodes.get(id);
    const was = at.get(id);
    return n && was && n.x === was[0] && n.y === was[1] && (n.x !== x || n.y !== y);
  }));
  if (rest.size) workflow.setNodePositions(rest, 'Tidy up');
  return positions.size;
}
