// Label changes only the accessible mirror shows (a wall's captions below full detail) reach it
// in batches: each node at most once per interval, and a batch is applied in slices a few tasks
// apart, so that no frame carries a whole wall's labels (1,000 aria-label writes ≈ 4 ms).

export interface LabelBatchTiming {
  /** Time from a first change to the start of its batch, ms. */
  intervalMs: number;
  /** Labels refreshed per task. */
  slice: number;
  /** Time between two slices of one batch, ms (longer than a frame, so slices fall in different frames). */
  gapMs: number;
}

export const LABEL_BATCH_TIMING: LabelBatchTiming = { intervalMs: 1000, slice: 128, gapMs: 40 };

export class LabelBatch {
  private pending = new Set<number>();
  private sweep: number[] = [];
  private at = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly refresh: (slot: number) => void;
  private readonly timing: LabelBatchTiming;

  constructor(refresh: (slot: number) => void, timing: LabelBatchTiming = LABEL_BATCH_TIMING) {
    this.refresh = refresh;
    this.timing = timing;
  }

  /** The label of `slot` is out of date. */
  mark(slot: number): void {
    this.pending.add(slot);
    this.timer ??= setTimeout(this.start, this.timing.intervalMs);
  }

  destroy(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
    this.sweep = [];
  }

  private readonly start = (): void => {
    // Changes during the sweep wait for the next batch: a node is refreshed once per batch.
    this.sweep = [...this.pending];
    this.pending.clear();
    this.at = 0;
    this.step();
  };

  private readonly step = (): void => {
    this.timer = undefined;
    const end = Math.min(this.sweep.length, this.at + this.timing.slice);
    for (; this.at < end; this.at++) this.refresh(this.sweep[this.at]);
    if (this.at < this.sweep.length) {
      this.timer = setTimeout(this.step, this.timing.gapMs);
      return;
    }
    this.sweep = [];
    if (this.pending.size) this.timer = setTimeout(this.start, this.timing.intervalMs);
  };
}
