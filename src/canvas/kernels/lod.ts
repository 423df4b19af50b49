import { wrapName } from './labels.ts';

// Level of detail by zoom: what a node is drawn with at a given scale (screen px per world unit).
//   full        scale >= 0.5   body, shadow, icon, ports, plus buttons, names, badges
//   simplified  0.12 .. 0.5    body with its state border, icon and name; no ports or badges
//   boxes       below 0.12     one flat rectangle per node in its state colour
// A 100-unit node is 50 px at 0.5 and 12 px at 0.12: icons are drawn whenever a node is at
// least 12 px on screen. Names are drawn at least NAME_MIN_PX tall (nameScale) while a legible
// part of them fits the room a name has, so an overview keeps the workflow's shape readable.
export type Lod = 'full' | 'simplified' | 'boxes';

export const LOD_FULL_MIN_SCALE = 0.5;
export const LOD_SIMPLIFIED_MIN_SCALE = 0.12;

/** Names are drawn at least this tall on screen, or not at all. */
export const NAME_MIN_PX = 9;
/** World units a name under a node may take across (n8n lays nodes out ~200 units apart). */
export const NAME_ROOM = 200;
/** A name cut to fewer characters than this says too little to be drawn. */
export const NAME_MIN_CHARS = 6;
/** The label font's average advance, in ems. */
const CHAR_EM = 0.55;
/** Names are laid out again only when the zoom crosses a step of 2^(1/4) (19 %). */
const NAME_STEPS_PER_OCTAVE = 4;

/** How many characters of a name fit on a line `room` wide at scale factor `factor`. */
export function nameCharsPerLine(factor: number, labelSize: number, room = NAME_ROOM): number {
  return Math.floor(room / (labelSize * CHAR_EM * factor));
}

/**
 * The factor a node name's text is scaled by at zoom `scale`, so that it is at least `minPx` on
 * screen: 1 where its own size is enough, else a step of 2^(1/4) above what is needed, so that
 * a zoom re-lays names out only when it crosses a step. 0 when a name so large would no longer
 * fit a legible part of itself in its room (then it is not drawn).
 */
export function nameScale(scale: number, labelSize: number, minPx = NAME_MIN_PX): number {
  if (!(scale > 0)) return 0;
  const needed = minPx / (labelSize * scale);
  if (needed <= 1) return 1;
  const factor = 2 ** (Math.ceil(Math.log2(needed) * NAME_STEPS_PER_OCTAVE - 1e-9) / NAME_STEPS_PER_OCTAVE);
  return nameCharsPerLine(factor, labelSize) >= NAME_MIN_CHARS ? factor : 0;
}
/** Connection item-count labels need more room than node names. */
export const EDGE_LABEL_MIN_SCALE = 0.6;

/**
 * Above this many nodes in the culled area (the view plus its margin) nodes are drawn as
 * boxes whatever the zoom: thousands of overlapping nodes (a bad import that put them all at
 * one spot) would otherwise cost a display object each.
 */
export const MAX_DETAILED_NODES = 2500;

export function lodForScale(scale: number, culledNodes = 0): Lod {
  if (culledNodes > MAX_DETAILED_NODES) return 'boxes';
  if (scale >= LOD_FULL_MIN_SCALE) return 'full';
  if (scale >= LOD_SIMPLIFIED_MIN_SCALE) return 'simplified';
  return 'boxes';
}

export function edgeLabelsVisible(scale: number): boolean {
  return scale >= EDGE_LABEL_MIN_SCALE;
}

/** A name cut to fewer characters than this (before its ellipsis) is not drawn at all. */
export const NAME_MIN_CUT = 8;

/** A text's width in ems of the label font (the canvas measures its glyphs; tests estimate). */
export type MeasureEm = (text: string) => number;
export const estimateEm: MeasureEm = (text) => text.length * CHAR_EM;

export interface ScaledName {
  text: string;
  /** The factor this name is drawn at: `factor`, or a step down to `floor` where it fits whole. */
  factor: number;
}

/** Characters of this name a line holds at `factor`: its room over the name's own mean advance. */
function charsPerLine(flat: string, factor: number, width: number, labelSize: number, measure: MeasureEm): number {
  const em = flat.length ? measure(flat) / flat.length : CHAR_EM;
  return Math.max(2, Math.min(18, Math.floor(Math.max(NAME_ROOM, width) / (labelSize * factor * Math.max(em, 0.2)))));
}

function layoutAt(name: string, factor: number, width: number, labelSize: number, measure: MeasureEm): { text: string; whole: boolean; kept: number } {
  const flat = name.trim().replace(/\s+/g, ' ');
  const perLine = charsPerLine(flat, factor, width, labelSize, measure);
  if (factor <= 2) {
    const text = wrapName(name, perLine, 2);
    const whole = !text.endsWith('…');
    return { text, whole, kept: whole ? flat.length : text.length - 1 };
  }
  // One line: as many characters as fit, not only the words that do ('No Operatio…', not 'No…').
  if (flat.length <= perLine) return { text: flat, whole: true, kept: flat.length };
  const cut = flat.slice(0, perLine - 1).trimEnd();
  return { text: `${cut}…`, whole: false, kept: cut.length };
}

/**
 * A name laid out at scale factor `factor` (> 1) for the room under a node `width` wide: two lines
 * while the text is at most twice its size, else one line. A name that does not fit whole is
 * drawn whole at a smaller step, down to `floor` (the factor of the legible minimum, a wall's
 * fallback from 18 px to 9 px), else cut with an ellipsis if at least NAME_MIN_CUT characters
 * stay, else not drawn (undefined): 'Step…' says nothing a reader can use.
 */
export function scaledName(name: string, factor: number, width: number, labelSize: number, floor = factor, measure: MeasureEm = estimateEm): ScaledName | undefined {
  const step = 2 ** (1 / NAME_STEPS_PER_OCTAVE);
  const last = floor * (1 - 1e-9);
  let cut: ScaledName | undefined;
  for (let f = factor, n = 0; f >= last && n < 32; f /= step, n++) {
    const l = layoutAt(name, f, width, labelSize, measure);
    if (l.whole) return { text: l.text, factor: f };
    if (!cut && l.kept >= NAME_MIN_CUT) cut = { text: l.text, factor: f };
  }
  return cut;
}

/**
 * One size for a view's names where it can: the largest step from `factor` down to `floor` at
 * which a name `em` ems wide (most of the view's names: commonNameWidth) fits whole, so that
 * 'Step 9' and 'Step 10' are not drawn at two sizes side by side. `floor` when none does.
 */
export function sharedNameFactor(factor: number, floor: number, em: number, labelSize: number, exact?: number): number {
  const fits = (f: number) => {
    const room = NAME_ROOM / (labelSize * f);
    return (f <= 2 ? 2 * room : room) >= em;
  };
  // A view that does not zoom (a wall) may take the size asked exactly rather than the step
  // above it (up to 19 % larger), which fits longer names at that size.
  if (fits(factor)) return factor;
  if (exact !== undefined && exact > floor && exact <= factor && fits(exact)) return exact;
  const step = 2 ** (1 / NAME_STEPS_PER_OCTAVE);
  for (let f = factor, n = 0; f >= floor * (1 - 1e-9) && n < 32; f /= step, n++) if (fits(f)) return f;
  return floor;
}

/** The width (ems) most names (nine in ten) are within. */
export function commonNameWidth(names: Iterable<string>, measure: MeasureEm = estimateEm): number {
  const widths: number[] = [];
  for (const name of names) widths.push(measure(name.trim().replace(/\s+/g, ' ')));
  if (!widths.length) return 0;
  widths.sort((a, b) => a - b);
  return widths[Math.min(widths.length - 1, Math.floor(widths.length * 0.9))];
}
