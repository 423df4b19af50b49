// Node icon colours: n8n's descriptions name some (iconColor: 'dark-blue'), which CSS does not
// know; the canvas, the DOM icons and the templates host all resolve them here.
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

const NO_COLOR = -1;

/** A description's colour as CSS '#rrggbb' (a name as the canvas draws it, '#rgb' / '#rrggbb'), else undefined. */
export function iconCssColor(color: unknown): string | undefined {
  const c = parseColor(color, NO_COLOR);
  return c === NO_COLOR ? undefined : `#${c.toString(16).padStart(6, '0')}`;
}
