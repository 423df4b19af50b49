// Animations the canvas runs on its own frame loop: camera flights (focusNode, keeping a node
// reached by the arrow keys in view) and node moves (animatePositions, for the app's tidy-up).
// The kernels in kernels/animation.ts say where things are at a time; this holds the running
// animations and applies them each frame. Node moves change the display geometry only and
// write the document once, at the end.
import type { GraphGeometry } from './doc/GraphGeometry.ts';
import { interpolateCamera, interpolatePositions, progress } from './kernels/animation.ts';
import type { Camera } from './kernels/camera.ts';
import { NODE_STRIDE, N_X, N_Y } from '../../workers/spatial/geometry.ts';

export interface MotionHost {
  setCamera(c: Camera): void;
  camera(): Camera;
  size(): [number, number];
  /** A node slot's geometry moved. */
  moved(slot: number): void;
  /** Final positions, written to the document in one action (one change named `label`). */
  commit(positions: Array<[string, number, number]>, label?: string): void;
}

interface Flight {
  from: Camera;
  to: Camera;
  start: number;
  duration: number;
}

interface Move {
  ids: string[];
  slots: number[];
  from: Float64Array;
  to: Float64Array;
  now: Float64Array;
  start: number;
  duration: number;
  label?: string;
  resolve: () => void;
}

export class Motion {
  private flight: Flight | null = null;
  private move: Move | null = null;
  private readonly geometry: GraphGeometry;
  private readonly host: MotionHost;

  constructor(geometry: GraphGeometry, host: MotionHost) {
    this.geometry = geometry;
    this.host = host;
  }

  /** Only the camera is animating (frames may be composited). */
  get cameraOnly(): boolean {
    return this.move === null;
  }

  get active(): boolean {
    return this.flight !== null || this.move !== null;
  }

  flyTo(to: Camera, duration: number, now: number): void {
    this.flight = { from: this.host.camera(), to, start: now, duration };
  }

  stopCamera(): void {
    this.flight = null;
  }

  /** Starts moving nodes (id, x, y); finishes a running move first. Resolves when written. */
  movePositions(list: Array<[string, number, number]>, duration: number, now: number, label?: string): Promise<void> {
    this.finishMove();
    if (list.length === 0) return Promise.resolve();
    const s = this.geometry.state.nodes;
    const ids: string[] = [];
    const slots: number[] = [];
    const from = new Float64Array(list.length * 2);
    const to = new Float64Array(list.length * 2);
    for (const [id, x, y] of list) {
      const slot = this.geometry.nodes.slotOf(id);
      if (slot === undefined) continue;
      const i = ids.length;
      ids.push(id);
      slots.push(slot);
      from[2 * i] = s[slot * NODE_STRIDE + N_X];
      from[2 * i + 1] = s[slot * NODE_STRIDE + N_Y];
      to[2 * i] = x;
      to[2 * i + 1] = y;
    }
    return new Promise((resolve) => {
      this.move = { ids, slots, from: from.subarray(0, ids.length * 2), to: to.subarray(0, ids.length * 2), now: new Float64Array(ids.length * 2), start: now, duration, label, resolve };
      if (!(duration > 0)) this.finishMove();
    });
  }

  /** The document moved this node itself: it leaves the running move. */
  forget(slot: number): void {
    const m = this.move;
    if (!m) return;
    const i = m.slots.indexOf(slot);
    if (i < 0) return;
    m.slots[i] = -1;
  }

  /** Applies running animations for time `now`; returns whether any is still running. */
  tick(now: number): boolean {
    if (this.flight) {
      const f = this.flight;
      const [w, h] = this.host.size();
      const t = progress(f.start, now, f.duration);
      this.host.setCamera(interpolateCamera(f.from, f.to, t, w, h));
      if (t >= 1) this.flight = null;
    }
    const m = this.move;
    if (m) {
      const t = progress(m.start, now, m.duration);
      if (t >= 1) this.finishMove();
      else {
        interpolatePositions(m.from, m.to, t, m.now);
        this.place(m, m.now);
      }
    }
    return this.active;
  }

  private place(m: Move, xy: ArrayLike<number>): void {
    for (let i = 0; i < m.slots.length; i++) {
      const slot = m.slots[i];
      if (slot < 0 || this.geometry.nodes.idOf(slot) !== m.ids[i]) continue;
      this.geometry.moveNode(slot, xy[2 * i], xy[2 * i + 1]);
      this.host.moved(slot);
    }
  }

  private finishMove(): void {
    const m = this.move;
    if (!m) return;
    this.move = null;
    this.place(m, m.to);
    const out: Array<[string, number, number]> = [];
    for (let i = 0; i < m.ids.length; i++) if (m.slots[i] >= 0) out.push([m.ids[i], m.to[2 * i], m.to[2 * i + 1]]);
    try {
      this.host.commit(out, m.label);
    } finally {
      m.resolve();
    }
  }

  /** Ends everything now (destroy): moves are written, flights dropped. */
  finishAll(): void {
    this.flight = null;
    this.finishMove();
  }
}
