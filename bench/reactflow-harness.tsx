// The bench's peer: the same generated workflow drawn by a plain React Flow page (DOM/SVG, one
// React component per node and edge, as DOM editors do), panned the same way as the canvas
// harness (a fixed step every frame through the instance's setViewport). bench/canvas.mjs
// reports the ratio of frame times.
import { createRoot } from 'react-dom/client';
import { ReactFlow, ReactFlowProvider, useReactFlow, type Edge, type Node } from '@xyflow/react';
import { useEffect, useState } from 'react';
import type { IWorkflowBase } from '../src/model/workflow.ts';

interface PanResult { frames: number; deltas: number[] }

function toFlow(wf: IWorkflowBase): { nodes: Node[]; edges: Edge[] } {
  const nodes: Node[] = wf.nodes.map((n) => ({ id: n.name, position: { x: n.position[0], y: n.position[1] }, data: { label: n.name }, style: { width: 100, height: 100 } }));
  const edges: Edge[] = [];
  for (const [source, byType] of Object.entries(wf.connections)) {
    (byType.main ?? []).forEach((list, output) => {
      for (const c of list ?? []) edges.push({ id: `${source}:${output}>${c.node}`, source, target: c.node });
    });
  }
  return { nodes, edges };
}

function Flow({ wf }: { wf: IWorkflowBase }) {
  const [{ nodes, edges }] = useState(() => toFlow(wf));
  const rf = useReactFlow();
  useEffect(() => {
    const api = {
      pan(frames: number, dx: number, dy: number, maxMs: number): Promise<PanResult> {
        return new Promise((resolve) => {
          const deltas: number[] = [];
          let last = 0;
          let i = 0;
          const start = performance.now();
          const step = (now: number) => {
            if (last) deltas.push(now - last);
            last = now;
            if (i >= frames || now - start > maxMs) return resolve({ frames: deltas.length, deltas });
            const sign = i < frames / 2 && now - start < maxMs / 2 ? 1 : -1;
            const v = rf.getViewport();
            rf.setViewport({ x: v.x - sign * dx, y: v.y - sign * dy, zoom: v.zoom });
            i++;
            requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        });
      },
      resetZoom(): void {
        const v = rf.getViewport();
        rf.setViewport({ x: v.x, y: v.y, zoom: 1 });
      },
    };
    // Ready after the first paint of all nodes.
    requestAnimationFrame(() => requestAnimationFrame(() => ((window as unknown as { rf: typeof api }).rf = api)));
  }, [rf]);
  return <ReactFlow nodes={nodes} edges={edges} fitView minZoom={0.02} onlyRenderVisibleElements={false} />;
}

const params = new URLSearchParams(location.search);
const res = await fetch(`/workflows/${Number(params.get('nodes') ?? 1000)}.json`);
const wf = (await res.json()) as IWorkflowBase;
createRoot(document.getElementById('root')!).render(
  <ReactFlowProvider>
    <div style={{ position: 'absolute', inset: 0 }}>
      <Flow wf={wf} />
    </div>
  </ReactFlowProvider>,
);
