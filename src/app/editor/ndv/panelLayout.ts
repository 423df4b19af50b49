// NDV panel geometry (spec 001 §9): the main panel (default 360 wide) sits between the input
// and output panels; moving or resizing it keeps both sides at least their minimum width.
import { NDV_MAIN_PANEL_WIDTH, NDV_MIN_INPUT, NDV_MIN_OUTPUT } from '../../../model/constants.ts';

export const MAIN_MIN = 300;
export const MAIN_MAX = 720;

export interface PanelLayout {
  left: number;
  width: number;
}

export function clampLayout(l: PanelLayout, total: number): PanelLayout {
  const width = Math.max(MAIN_MIN, Math.min(MAIN_MAX, l.width, total - 2 * 120));
  const minLeft = Math.min(NDV_MIN_INPUT, (total - width) / 2);
  const maxLeft = Math.max(minLeft, total - width - Math.min(NDV_MIN_OUTPUT, (total - width) / 2));
  return { width, left: Math.max(minLeft, Math.min(maxLeft, l.left)) };
}

export function defaultLayout(total: number, narrowInput: number | undefined): PanelLayout {
  const width = NDV_MAIN_PANEL_WIDTH;
  const left = narrowInput ?? (total - width) / 2;
  return clampLayout({ left, width }, total);
}
