// One workflow on a wall: a read-only workflow store the canvas draws, its figures and its last
// failure, fed by the wall stream's snapshots.
import { action, makeObservable, observable, observableRef } from 'mobx';
import type { WallFailure, WallSnapshot, WallWorkflow } from '../../model/wall.ts';
import type { DrawnTypeInfo } from '../../model/drawnTypeInfo.ts';
import type { IWorkflowBase } from '../../model/workflow.ts';
import { WorkflowStore } from '../stores/WorkflowStore.ts';
import { liveCaption, liveStatus } from './liveState.ts';
import { extentOf, wrapPositions, type Extent, type Placed } from './wallFit.ts';

/** A node's own look rides in its parameters, where the canvas asks the lookup with them. */
export const LOOK_KEY = '\u0000wallLook';
/** How long a new failure flashes, ms. */
export const FLASH_MS = 10_000;

const NO_COUNTS: number[] = [];

export class WallPanelState {
  readonly id: string;
  name = '';
  active = false;
  perMinute = 0;
  errorRate = 0;
  running = 0;
  lastFailure: WallFailure | undefined = undefined;
  /** Until when (ms since the epoch) the panel flashes for lastFailure. */
  flashUntil = 0;
  types: Record<string, DrawnTypeInfo> = {};
  readonly doc = new WorkflowStore();
  /** Bumped when the drawn workflow changed (the canvas fits it again). */
  shape = 0;
  /** The workflow's own node boxes and their extent (the page layout reads it). */
  placed: Placed[] = [];
  extent: Extent = extentOf([]);
  /** Bands the drawing is wrapped into (1: its own shape). */
  bands = 1;
  private signature = '';

  constructor(w: WallWorkflow) {
    this.id = w.id;
    makeObservable<WallPanelState>(this, {
      name: observable,
      active: observable,
      perMinute: observable,
      errorRate: observable,
      running: observable,
      lastFailure: observableRef,
      flashUntil: observable,
      types: observableRef,
      shape: observable,
      extent: observableRef,
      setWorkflow: action,
      wrap: action,
      apply: action,
    });
    this.setWorkflow(w);
  }

  /** The workflow as the server has it now: reloaded only when what is drawn changed. */
  setWorkflow(w: WallWorkflow): void {
    this.name = w.name;
    this.active = w.active;
    this.types = w.types;
    const signature = JSON.stringify([w.nodes, w.connections]);
    if (signature !== this.signature) {
      this.signature = signature;
      const wf: IWorkflowBase = {
        name: w.name,
        active: w.active,
        nodes: w.nodes.map((n) => ({
          id: n.id,
          name: n.name,
          type: n.type,
          typeVersion: n.typeVersion,
          position: n.position,
          disabled: n.disabled,
          parameters: n.look ? { [LOOK_KEY]: n.look } : (n.parameters ?? {}),
        })),
        connections: w.connections as IWorkflowBase['connections'],
        settings: {},
      };
      this.doc.load(wf);
      this.placed = w.nodes.map((n) => {
        const p = (n.parameters ?? {}) as { width?: unknown; height?: unknown };
        return { id: n.id, x: n.position[0], y: n.position[1], w: typeof p.width === 'number' ? p.width : undefined, h: typeof p.height === 'number' ? p.height : undefined };
      });
      this.extent = extentOf(this.placed);
      this.bands = 1;
      this.shape++;
    }
    this.apply(w.snapshot, true);
  }

  /** Draws the workflow cut into `bands` slices stacked like lines of text (wallFit.ts); 1 undoes it. */
  wrap(bands: number): void {
    if (bands === this.bands) return;
    this.bands = bands;
    this.doc.setNodePositions(wrapPositions(this.placed, bands), 'Wrap');
  }

  /** A snapshot from the stream: whole (`full`) or the nodes that changed. */
  apply(s: WallSnapshot, initial = false): void {
    this.perMinute = s.perMinute;
    this.errorRate = s.errorRate;
    this.running = s.running;
    const f = s.lastFailure;
    if (f && (!this.lastFailure || f.at > this.lastFailure.at)) {
      // A failure already old when the wall opens is shown, not flashed.
      if (!(initial && !this.lastFailure) || Date.now() - f.at < FLASH_MS) this.flashUntil = f.at + FLASH_MS;
      this.lastFailure = f;
    }
    if (s.full) {
      for (const m of this.doc.nodes.values()) {
        if (m.isSticky || s.nodes[m.name]) continue;
        if (m.status !== 'idle') m.status = 'idle';
        if (m.itemCount.length) m.itemCount = NO_COUNTS;
        if (m.caption !== undefined) m.caption = undefined;
      }
    }
    for (const [name, st] of Object.entries(s.nodes)) {
      const m = this.doc.nodeByName(name);
      if (!m) continue;
      const status = liveStatus(st);
      if (m.status !== status) m.status = status;
      if (m.itemCount.length !== 1 || m.itemCount[0] !== st.items) m.itemCount = st.runs > 0 || st.items > 0 ? [st.items] : NO_COUNTS;
      const caption = liveCaption(st);
      if (m.caption !== caption) m.caption = caption;
    }
  }
}
