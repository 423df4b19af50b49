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

/** Notes shown under a node (n8n's notesInFlow): at most this many lines of about this many characters. */
export const NOTES_LINES = 3;
export const NOTES_PER_LINE = 32;

/**
 * The text n8n shows as a node's subtitle when "Display note in flow?" is on (`notesInFlow`
 * truthy and `notes` a non-blank string, as n8n's getNodeSubtitle reads them), or undefined.
 */
export function noteInFlow(settings: { readonly notes?: unknown; readonly notesInFlow?: unknown } | undefined): string | undefined {
  if (!settings || !settings.notesInFlow) return undefined;
  const notes = settings.notes;
  return typeof notes === 'string' && notes.trim() !== '' ? notes : undefined;
}

/**
 * Lays a note out for the canvas: the note's own line breaks are kept (blank lines dropped, runs
 * of spaces and tabs made one space), each line wrapped at spaces into lines of at most
 * `perLine` characters (longer words are cut), at most `lines` lines; the last one ends with an
 * ellipsis when anything was left out. Only the start of a long note is read, so a note of
 * megabytes costs what one of a few hundred characters does.
 */
export function wrapNote(note: string, perLine = NOTES_PER_LINE, lines = NOTES_LINES): string {
  const limit = perLine * lines * 2;
  const head = note.length > limit ? note.slice(0, limit) : note;
  let more = head.length < note.length;
  const out: string[] = [];
  const paragraphs = head.split(/\r\n|\r|\n/);
  for (let p = 0; p < paragraphs.length && out.length <= lines; p++) {
    const words = paragraphs[p].split(/[ \t\f\v\u00a0]+/).filter(Boolean);
    let line = '';
    for (let i = 0; i < words.length && out.length <= lines; i++) {
      let w = words[i];
      while (w.length > perLine && out.length <= lines) {
        if (line) { out.push(line); line = ''; }
        out.push(w.slice(0, perLine));
        w = w.slice(perLine);
      }
      if (!line) line = w;
      else if (line.length + 1 + w.length <= perLine) line += ' ' + w;
      else { out.push(line); line = w; }
    }
    if (line) out.push(line);
  }
  if (out.length > lines) {
    out.length = lines;
    more = true;
  }
  if (!more) return out.join('\n');
  if (!out.length) return '…';
  const last = out[out.length - 1];
  out[out.length - 1] = (last.length >= perLine ? last.slice(0, perLine - 1).trimEnd() : last) + '…';
  return out.join('\n');
}

/**
 * Where a connection's item-count label goes: its centre moved off the connection's midpoint
 * (mx, my) along the normal of the connection's direction there (dx, dy), above it (or right of
 * a vertical one), far enough that a w × h box clears the line plus `gap`. A label centred over
 * a sloped connection had the line run through its text.
 */
export function connectionLabelCentre(mx: number, my: number, dx: number, dy: number, w: number, h: number, gap = 4): [number, number] {
  const len = Math.hypot(dx, dy);
  if (!(len > 0)) return [mx, my - h / 2 - gap];
  let nx = -dy / len;
  let ny = dx / len;
  if (ny > 0 || (ny === 0 && nx < 0)) {
    nx = -nx;
    ny = -ny;
  }
  const d = (w / 2) * Math.abs(nx) + (h / 2) * Math.abs(ny) + gap;
  return [mx + nx * d, my + ny * d];
}
