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

export { parseColor } from '../../model/iconColors.ts';

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
