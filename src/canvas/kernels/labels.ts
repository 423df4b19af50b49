// Text rules for the canvas: connection item-count labels (spec 001 §2.4) and node names.
import { CONNECTION_LABEL_MIN_HEIGHT, CONNECTION_LABEL_MIN_WIDTH } from '../../model/constants.ts';

/** Labels are hidden for small connectors: under 90 wide and 100 tall. */
export function connectionLabelFits(sx: number, sy: number, tx: number, ty: number): boolean {
  return !(Math.abs(tx - sx) < CONNECTION_LABEL_MIN_WIDTH && Math.abs(ty - sy) < CONNECTION_LABEL_MIN_HEIGHT);
}

export function itemCountText(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

/**
 * Splits a node name into at most `lines` lines of about `perLine` characters, breaking at
 * spaces where possible and ending with an ellipsis when it does not fit.
 */
export function wrapName(name: string, perLine = 18, lines = 2): string {
  const words = name.trim().split(/\s+/);
  const out: string[] = [];
  let line = '';
  for (let i = 0; i < words.length; i++) {
    let w = words[i];
    while (w.length > perLine) {
      if (line) { out.push(line); line = ''; }
      out.push(w.slice(0, perLine));
      w = w.slice(perLine);
    }
    if (!line) line = w;
    else if (line.length + 1 + w.length <= perLine) line += ' ' + w;
    else { out.push(line); line = w; }
  }
  if (line) out.push(line);
  if (out.length <= lines) return out.join('\n');
  const kept = out.slice(0, lines);
  const last = kept[lines - 1];
  kept[lines - 1] = (last.length >= perLine ? last.slice(0, perLine - 1) : last) + '…';
  return kept.join('\n');
}
