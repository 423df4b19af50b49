// Fits asked before they can be done: a zoom to fit asked before the canvas has started or has
// nodes (a view opening a workflow asks as soon as its data is in the store), and showing nodes
// that the document has but the geometry has not laid out yet (a paste). Both are done in the
// first frame that can, so the open draws the fitted view first instead of a scale-1 one.
import type { Rect } from '../../../workers/spatial/kernel.ts';
import type { CameraCommands } from './CameraCommands.ts';

export interface PendingFitsHost {
  /** The renderer is up and the view has a size. */
  ready(): boolean;
  /** The workflow has nodes laid out. */
  hasContent(): boolean;
  /** The world box of these nodes, or null when none of them is laid out yet. */
  boundsOf(ids: readonly string[]): Rect | null;
  invalidate(): void;
}

/** Frames a show waits for its nodes to be laid out before it is dropped. */
export const SHOW_WAIT_FRAMES = 5;

export class PendingFits {
  private fit = false;
  private show: { ids: string[]; frames: number } | undefined;

  private readonly host: PendingFitsHost;
  private readonly commands: CameraCommands;

  constructor(host: PendingFitsHost, commands: CameraCommands) {
    this.host = host;
    this.commands = commands;
  }

  get fitPending(): boolean {
    return this.fit;
  }

  zoomToFit(): void {
    if (this.host.ready() && this.host.hasContent()) {
      this.fit = false;
      this.commands.zoomToFit();
    } else {
      this.fit = true;
      this.host.invalidate();
    }
  }

  showNodes(ids: readonly string[]): void {
    if (!ids.length) return;
    this.show = { ids: [...ids], frames: 0 };
    this.host.invalidate();
  }

  /** In a frame, before the view is culled: does what was waiting; true when the camera moved. */
  apply(): boolean {
    if (!this.host.ready()) return false;
    let moved = false;
    if (this.fit && this.host.hasContent()) {
      this.fit = false;
      this.commands.zoomToFit();
      moved = true;
    }
    const s = this.show;
    if (s) {
      const bounds = this.host.boundsOf(s.ids);
      if (bounds) {
        this.show = undefined;
        this.commands.show(bounds);
      } else if (++s.frames > SHOW_WAIT_FRAMES) this.show = undefined;
      else this.host.invalidate();
    }
    return moved;
  }
}
