// The canvas bench and e2e harness: the real canvas on a real WorkflowStore, loaded from a
// workflow JSON fetched over HTTP. Drives and measures through window.harness. Node-type facts
// are the built-in descriptions' (src/nodes), restated here because the node modules also
// carry server-side code that does not belong in a browser bundle.
import { action, configure } from 'mobx';
import { WorkflowStore } from '../src/app/stores/WorkflowStore.ts';
import { createCanvas, type CanvasHandle, type CanvasStats, type NodeTypeInfo } from '../src/canvas/index.ts';
import type { IWorkflowBase } from '../src/model/workflow.ts';
import { NO_OP_NODE_TYPE } from '../src/model/constants.ts';
import type { NodeParameters } from '../src/model/workflow.ts';
import { switchV3Outputs } from '../src/nodes/Switch/v3/outputs.ts';

configure({ enforceActions: 'observed' });

export interface OpenResult {
  nodes: number;
  connections: number;
  /** Fetch start to response body received. */
  fetchMs: number;
  parseMs: number;
  /** store.load (MobX) including the canvas's change listeners. */
  loadMs: number;
  /** Response received (body in hand) to the first frame with everything visible drawn. */
  responseToFirstFrameMs: number;
  /** JSON parsed to first full frame (DESIGN.md's budget). */
  parsedToFirstFrameMs: number;
}

export interface PanResult {
  frames: number;
  /** requestAnimationFrame deltas while panning, ms. */
  deltas: number[];
  /** Canvas frame work (update + render submit, or the compositor transform) on the main thread per frame, ms. */
  workMs: number[];
  /** Frames rendered with WebGL and frames moved by the compositor only. */
  rendered: number;
  composited: number;
  longTasks: number;
  longTaskMs: number;
}

const TYPES: Record<string, NodeTypeInfo> = {
  'n8n-nodes-base.manualTrigger': { displayName: 'Manual Trigger', icon: 'fa:mouse-pointer', inputs: 0, outputs: 1, isTrigger: true, defaultsColor: '#909298' },
  'n8n-nodes-base.set': { displayName: 'Edit Fields (Set)', icon: 'fa:pen', inputs: 1, outputs: 1, isTrigger: false, defaultsColor: '#0000FF' },
  'n8n-nodes-base.if': { displayName: 'If', icon: 'fa:map-signs', iconColor: 'green', inputs: 1, outputs: 2, outputNames: ['true', 'false'], isTrigger: false, defaultsColor: '#408000' },
  'n8n-nodes-base.noOp': { displayName: 'No Operation, do nothing', icon: 'fa:arrow-right', inputs: 1, outputs: 1, isTrigger: false, defaultsColor: '#b0b0b0' },
  'n8n-nodes-base.code': { displayName: 'Code', icon: 'fa:code', inputs: 1, outputs: 1, isTrigger: false, defaultsColor: '#FF9922' },
  'n8n-nodes-base.stickyNote': { displayName: 'Sticky Note', icon: 'fa:sticky-note', inputs: 0, outputs: 0, isTrigger: false, defaultsColor: '#FFD233' },
  // The large real-shaped workflow's built-in types (bench/generateLargeWorkflow.ts); its Slack,
  // Google Sheets, Postgres and AI nodes are unknown here, as they are in Switchyard.
  'n8n-nodes-base.webhook': { displayName: 'Webhook', icon: 'fa:bolt', inputs: 0, outputs: 1, isTrigger: true, defaultsColor: '#885577' },
  'n8n-nodes-base.scheduleTrigger': { displayName: 'Schedule Trigger', icon: 'fa:clock', inputs: 0, outputs: 1, isTrigger: true, defaultsColor: '#31C49F' },
  'n8n-nodes-base.httpRequest': { displayName: 'HTTP Request', icon: 'fa:globe', inputs: 1, outputs: 1, isTrigger: false, defaultsColor: '#0004F5' },
  // Parameter-dependent endpoints (NodeTypeInfo.dynamicPorts): Switch v3's outputs follow its
  // rules, Merge v3's inputs its numberInputs — the same rules as src/nodes.
  'n8n-nodes-base.switch': { displayName: 'Switch', icon: 'fa:map-signs', iconColor: 'light-blue', inputs: 1, outputs: 1, isTrigger: false, dynamicPorts: true, defaultsColor: '#506000' },
  'n8n-nodes-base.merge': { displayName: 'Merge', icon: 'fa:code-branch', iconColor: 'light-blue', inputs: 2, outputs: 1, isTrigger: false, dynamicPorts: true, defaultsColor: '#00bbcc' },
};

function typeInfo(type: string, _version: number, parameters?: { readonly [key: string]: unknown }): NodeTypeInfo | undefined {
  const t = TYPES[type];
  if (!t || !parameters || !t.dynamicPorts) return t;
  if (type === 'n8n-nodes-base.switch') {
    const names = switchV3Outputs(parameters as NodeParameters);
    return { ...t, outputs: names.length, outputNames: names };
  }
  const n = Number(parameters.numberInputs) || 2;
  return { ...t, inputs: n, inputNames: Array.from({ length: n }, (_, i) => `Input ${i + 1}`) };
}

const store = new WorkflowStore();
const opened: string[] = [];
const errors: string[] = [];
const addRequests: unknown[] = [];
const readOnlyEdits: string[] = [];
const host = document.getElementById('canvas-host')!;
const params = new URLSearchParams(location.search);
const handle: CanvasHandle = createCanvas(host, {
  document: store,
  nodeTypes: typeInfo,
  workerBaseUrl: params.get('worker') === 'off' ? undefined : new URL('./workers/', location.href).href,
  readOnly: params.get('readonly') === '1',
  minimap: params.get('minimap') !== 'off',
  callbacks: {
    onReadOnlyEdit: (a) => readOnlyEdits.push(a),
    openNode: (id) => opened.push(id),
    requestAddNode: action((req) => {
      addRequests.push(req);
      // Stand-in for the node creator: add a No Operation node where the canvas suggests.
      const [m] = store.addNodes([{ name: 'No Operation', type: NO_OP_NODE_TYPE, typeVersion: 1, position: req.position, parameters: {} }]);
      if (req.connectionId !== undefined) store.disconnect([req.connectionId]);
      if (req.fromNodeId !== undefined) store.connect(req.fromNodeId, req.fromOutput ?? 0, m.id, 0);
      if (req.toNodeId !== undefined) store.connect(m.id, 0, req.toNodeId, req.toInput ?? 0);
    }),
    onError: (m) => {
      errors.push(m);
      console.error(m);
    },
  },
});

let longTasks = 0;
let longTaskMs = 0;
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      longTasks++;
      longTaskMs += e.duration;
    }
  }).observe({ type: 'longtask', buffered: false });
} catch {
  // longtask entries are not supported everywhere; counts stay 0.
}

const harness = {
  store,
  handle,
  opened,
  errors,
  addRequests,
  readOnlyEdits,
  ready: handle.ready,

  /** Loads a workflow object directly (tests of bad input). */
  load(wf: IWorkflowBase): void {
    action(() => store.load(wf))();
  },

  async open(url: string, fit = true): Promise<OpenResult> {
    const t0 = performance.now();
    const res = await fetch(url);
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    const text = await res.text();
    const tResponse = performance.now();
    const wf = JSON.parse(text) as IWorkflowBase;
    const tParsed = performance.now();
    action(() => store.load(wf))();
    const tLoaded = performance.now();
    if (fit) handle.zoomToFit();
    await handle.whenIdle();
    const tFrame = performance.now();
    return {
      nodes: store.nodes.size,
      connections: store.connections.size,
      fetchMs: tResponse - t0,
      parseMs: tParsed - tResponse,
      loadMs: tLoaded - tParsed,
      responseToFirstFrameMs: tFrame - tResponse,
      parsedToFirstFrameMs: tFrame - tParsed,
    };
  },

  /** Pans by (dx, dy) screen px every frame for `frames` frames or `maxMs`, reversing halfway. */
  pan(frames: number, dx: number, dy: number, maxMs = Infinity): Promise<PanResult> {
    return new Promise((resolve) => {
      const deltas: number[] = [];
      const before = handle.getStats();
      const lt0 = longTasks;
      const ltMs0 = longTaskMs;
      let last = 0;
      let i = 0;
      const start = performance.now();
      const step = (now: number) => {
        if (last) deltas.push(now - last);
        last = now;
        if (i >= frames || now - start > maxMs) {
          const s: CanvasStats = handle.getStats();
          const rendered = s.frames - before.frames;
          const composited = s.compositedFrames - before.compositedFrames;
          resolve({
            frames: deltas.length,
            deltas,
            workMs: s.frameWorkMs.slice(-(rendered + composited)),
            rendered,
            composited,
            longTasks: longTasks - lt0,
            longTaskMs: longTaskMs - ltMs0,
          });
          return;
        }
        const sign = i < frames / 2 && now - start < maxMs / 2 ? 1 : -1;
        handle.panBy(sign * dx, sign * dy);
        i++;
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
  },

  /** Records requestAnimationFrame deltas until stopFrames() (for mouse-driven measurements). */
  startFrames(): void {
    const rec = { deltas: [] as number[], last: 0, on: true };
    (harness as { rec?: typeof rec }).rec = rec;
    const step = (now: number) => {
      if (!rec.on) return;
      if (rec.last) rec.deltas.push(now - rec.last);
      rec.last = now;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  },

  stopFrames(): number[] {
    const rec = (harness as { rec?: { deltas: number[]; on: boolean } }).rec;
    if (!rec) return [];
    rec.on = false;
    return rec.deltas;
  },

  /** The node nearest the centre of the view (name and page position of its centre). */
  centreNode(): { name: string; x: number; y: number; connections: number } | null {
    const [cx, cy] = handle.viewportCenterWorld();
    let best: { name: string; x: number; y: number; d: number; id: string } | null = null;
    for (const n of store.nodes.values()) {
      const d = (n.x + 50 - cx) ** 2 + (n.y + 50 - cy) ** 2;
      if (!best || d < best.d) best = { name: n.name, x: n.x + 50, y: n.y + 50, d, id: n.id };
    }
    if (!best) return null;
    const [x, y] = handle.worldToScreen(best.x, best.y);
    return { name: best.name, x, y, connections: store.connectionsOf(best.id).length };
  },

  /** World position of a node's centre in page (CSS) pixels. */
  nodeScreenCenter(name: string): [number, number] | null {
    const n = store.nodeByName(name);
    if (!n) return null;
    return handle.worldToScreen(n.x + 50, n.y + 50);
  },
};

(window as unknown as { harness: typeof harness }).harness = harness;
