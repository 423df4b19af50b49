// How large node names are drawn at a zoom (kernels/lod.ts): at least the legible minimum, or
// what the view asked (a wall's 18 px); a view asking more than the minimum gives its names one
// size that fits most of them whole. The editor and the wall each hold one.
import { commonNameWidth, nameScale, sharedNameFactor, type MeasureEm } from '../kernels/lod.ts';

export interface NameSizingHost {
  /** The names of the workflow's nodes (not stickies), read only when the size is chosen again. */
  names(): string[];
  measure: MeasureEm;
}

export class NameSizing {
  /** The names' scale factor (1 their own size, 0 not drawn). */
  factor = 1;
  /** The legible minimum's factor (9 px): a name that does not fit may be drawn down to it. */
  floor = 1;
  private asked = 0;
  private shared = 0;
  private atScale = 0;
  private readonly host: NameSizingHost;
  private readonly labelSize: number;
  private readonly minNamePx: number | undefined;

  constructor(host: NameSizingHost, labelSize: number, minNamePx?: number) {
    this.host = host;
    this.labelSize = labelSize;
    this.minNamePx = minNamePx;
  }

  /** The sizes at zoom `k`; true when they changed (the node views lay their names out again). */
  update(k: number): boolean {
    const floor = nameScale(k, this.labelSize);
    let factor = nameScale(k, this.labelSize, this.minNamePx) || floor;
    if (factor > floor && floor > 0) {
      if (factor !== this.asked || floor !== this.floor || k !== this.atScale) {
        this.asked = factor;
        this.atScale = k;
        // The exact size asked (a hair over, so rounding stays at or above it).
        const exact = ((this.minNamePx ?? 0) / (this.labelSize * k)) * 1.0001;
        this.shared = sharedNameFactor(factor, floor, commonNameWidth(this.host.names(), this.host.measure), this.labelSize, exact);
      }
      factor = this.shared;
    }
    if (factor === this.factor && floor === this.floor) return false;
    this.factor = factor;
    this.floor = floor;
    return true;
  }
}
