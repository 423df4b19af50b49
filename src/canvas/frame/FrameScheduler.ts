// The frame scheduler: at most one animation frame requested at a time, a frame that never
// throws (a failing frame is reported once per message and the loop keeps going), and the
// promises of whenIdle. What a frame does is the host's (CanvasController.runFrame); when the
// canvas is idle is the host's to say too (resolveIdle).

/** At most this many distinct frame errors are reported (a broken document must not flood). */
export const MAX_REPORTED_FRAME_ERRORS = 20;

export interface FrameHost {
  /** requestAnimationFrame. */
  request(cb: (now: number) => void): void;
  /** Whether a frame can run (the renderer and its resources are up). */
  ready(): boolean;
  run(now: number): void;
  /** After a frame threw: what the next frame must redo. */
  recover(): void;
  onError(message: string): void;
}

export class FrameScheduler {
  private requested = false;
  private stoppedFlag = false;
  private idleWaiters: Array<() => void> = [];
  private readonly reported = new Set<string>();

  private readonly host: FrameHost;

  constructor(host: FrameHost) {
    this.host = host;
  }

  /** Asks for a frame (once until it runs); nothing after stop. */
  invalidate(): void {
    if (this.requested || this.stoppedFlag) return;
    this.requested = true;
    this.host.request(this.frame);
  }

  readonly frame = (now: number): void => {
    this.requested = false;
    if (this.stoppedFlag || !this.host.ready()) return;
    try {
      this.host.run(now);
    } catch (e) {
      // Bad input must never stop the frame loop: report once per message, keep drawing.
      const message = `Canvas frame failed: ${e instanceof Error ? e.message : String(e)}`;
      if (!this.reported.has(message) && this.reported.size < MAX_REPORTED_FRAME_ERRORS) {
        this.reported.add(message);
        this.host.onError(message);
      }
      this.host.recover();
    }
  };

  /** Resolves once a frame finds the canvas idle (resolveIdle), or when the canvas goes. */
  whenIdle(): Promise<void> {
    // A canvas that is gone draws nothing more: it is idle (a waiter would wait for ever).
    if (this.stoppedFlag) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.invalidate();
    });
  }

  get waitingForIdle(): boolean {
    return this.idleWaiters.length > 0;
  }

  /** The host found the canvas idle: whenIdle's promises resolve. */
  resolveIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  /** No frame runs after this (the canvas is being destroyed). */
  stop(): void {
    this.stoppedFlag = true;
    this.resolveIdle();
  }

  get stopped(): boolean {
    return this.stoppedFlag;
  }
}
