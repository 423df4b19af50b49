// Colours and sizes of the canvas: a light grey dotted board, white nodes with a subtle
// border and shadow, state colours from spec 001 §2.4.
import type { VisualState } from '../kernels/nodeState.ts';

export const THEME = {
  background: 0xf3f4f6,
  dots: 0xc3c8d0,
  nodeFill: 0xffffff,
  nodeBorder: 0xc7ccd4,
  shadow: 0x1a2230,
  text: 0x2a2f37,
  textMuted: 0x858b96,
  selection: 0x4f7cf7,
  primary: 0xff6d5a,
  success: 0x28a066,
  danger: 0xe5484d,
  /** n8n's warning colour: the badge of a node whose data is stale (parameters changed since the run). */
  warning: 0xe6a23d,
  secondary: 0x7c5cf5,
  disabledFill: 0xf2f3f5,
  disabledBorder: 0xb9bec7,
  disabledIcon: 0xb0b5bd,
  port: 0x8c929d,
  /** Ports and connections of other types than main (n8n's AI sub-node connections). */
  subPort: 0x7d8594,
  subEdge: 0x8f96a3,
  edge: 0x9aa1ac,
  edgeHover: 0x4f7cf7,
  plusBorder: 0xaab0ba,
  plusGlyph: 0x858b96,
  band: 0x4f7cf7,
  icon: 0x5a6270,
  boxRim: 0xaab1bc,
  boxIdleTiny: 0xc5ccd6,
  link: 0x2f62d9,
  unknown: 0xe5484d,
  minimapBg: 0xffffff,
} as const;

export const SIZES = {
  nodeRadius: 10,
  triggerRadius: 40,
  border: 1.5,
  stateBorder: 2.5,
  selectionPad: 5,
  icon: 44,
  badge: 16,
  labelSize: 13,
  labelLine: 16,
  subLabelSize: 11,
  subLabelLine: 14,
  outputLabelSize: 12,
  portLabelSize: 11,
  edgeWidth: 2,
  edgeLabelSize: 12,
  stickyPadding: 14,
  stickyTextSize: 13,
} as const;

export function stateColor(state: VisualState): number | null {
  switch (state) {
    case 'executing': return THEME.primary;
    case 'issues': return THEME.danger;
    case 'waiting':
    case 'pinned': return THEME.secondary;
    case 'success': return THEME.success;
    case 'disabled': return THEME.disabledBorder;
    case 'idle': return null;
  }
}

/** n8n's named icon colours (node descriptions say iconColor: 'green'). */
const NAMED_COLORS: Record<string, number> = {
  black: 0x2a2f37, blue: 0x3d7be0, 'dark-blue': 0x2f4eb4, 'light-blue': 0x58a6e8, azure: 0x2f8cd6,
  green: 0x2fa15f, 'dark-green': 0x1f7a45, 'light-green': 0x5bbf6b, orange: 0xf08c28, 'orange-red': 0xf4623a,
  red: 0xe5484d, 'pink-red': 0xe8506e, crimson: 0xd22f4c, purple: 0x7c5cf5, 'dark-purple': 0x5b3fc4,
  'light-purple': 0x9d83f7, pink: 0xe35d9a, yellow: 0xd6a419, grey: 0x7d8490, gray: 0x7d8490, teal: 0x1f9c96,
};

/** Parses '#rrggbb' / '#rgb' / an n8n colour name / a number into a colour, or returns the fallback. */
export function parseColor(c: unknown, fallback: number): number {
  if (typeof c === 'number' && Number.isFinite(c)) return c;
  if (typeof c !== 'string') return fallback;
  const named = NAMED_COLORS[c.trim().toLowerCase()];
  if (named !== undefined) return named;
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(c.trim());
  if (!m) return fallback;
  const h = m[1].length === 3 ? m[1].split('').map((x) => x + x).join('') : m[1];
  return parseInt(h, 16);
}

/** Sticky colours by n8n's color parameter (1 = yellow default … 7 = white). */
export const STICKY_COLORS: Record<number, { fill: number; border: number }> = {
  1: { fill: 0xfff5d6, border: 0xf0d48a },
  2: { fill: 0xfde4e0, border: 0xf2ab9f },
  3: { fill: 0xe2f5e8, border: 0xa3d9b5 },
  4: { fill: 0xe2ecfc, border: 0xa3bff0 },
  5: { fill: 0xede6fd, border: 0xc4adf2 },
  6: { fill: 0xeeeff1, border: 0xc8ccd2 },
  7: { fill: 0xffffff, border: 0xd6d9de },
};
