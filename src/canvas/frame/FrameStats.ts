// The canvas's own timings for getStats (the bench and the e2e specs read them): frame and
// render work, connections redrawn, culling round trips, and pointer-move cost (a move's handler
// time plus its share of the next frame). Bounded windows of the last STATS_WINDOW values.

export const STATS_WINDOW = 600;

export function pushBounded(list: number[], v: number, window = STATS_WINDOW): void {
  list.push(v);
  if (list.length > window) list.splice(0, list.length - window);
}

export class FrameStats {
  frames = 0;
  compositedFrames = 0;
  readonly frameWorkMs: number[] = [];
  readonly renderWorkMs: number[] = [];
  readonly edgesRedrawn: number[] = [];
  readonly queryRoundTripMs: number[] = [];
  readonly queryWorkerMs: number[] = [];
  readonly pointerMoveWorkMs: number[] = [];
  /** Pointer moves handled since the last frame and their handler time. */
  private movesSinceFrame = 0;
  private moveHandlerMs = 0;

  /** A pointer move was handled in `ms`. */
  pointerMove(ms: number): void {
    this.movesSinceFrame++;
    this.moveHandlerMs += ms;
  }

  /** A frame took `workMs`: each move handled since the last frame gets its handler time plus its share of it. */
  frameDone(workMs: number): void {
    pushBounded(this.frameWorkMs, workMs);
    if (!this.movesSinceFrame) return;
    const share = workMs / this.movesSinceFrame;
    const handler = this.moveHandlerMs / this.movesSinceFrame;
    for (let i = 0; i < this.movesSinceFrame; i++) pushBounded(this.pointerMoveWorkMs, handler + share);
    this.movesSinceFrame = 0;
    this.moveHandlerMs = 0;
  }

  rendered(workMs: number, edgesRedrawn: number): void {
    pushBounded(this.renderWorkMs, workMs);
    pushBounded(this.edgesRedrawn, edgesRedrawn);
  }

  query(roundTripMs: number, workerMs: number): void {
    pushBounded(this.queryRoundTripMs, roundTripMs);
    pushBounded(this.queryWorkerMs, workerMs);
  }
}
