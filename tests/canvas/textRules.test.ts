import { describe, expect, it } from 'vitest';
import { NOTES_LINES, NOTES_PER_LINE, connectionLabelCentre, connectionLabelFits, itemCountText, noteInFlow, wrapName, wrapNote } from '../../src/canvas/kernels/labels.ts';
import { accessibleLabel, visualState } from '../../src/canvas/kernels/nodeState.ts';

describe('connection labels', () => {
  it('are hidden for connectors under 90 wide and 100 tall', () => {
    expect(connectionLabelFits(0, 0, 89, 99)).toBe(false);
    expect(connectionLabelFits(0, 0, 90, 0)).toBe(true);
    expect(connectionLabelFits(0, 0, 10, 100)).toBe(true);
    expect(connectionLabelFits(200, 0, 120, 50)).toBe(false);
  });

  it('count items', () => {
    expect(itemCountText(1)).toBe('1 item');
    expect(itemCountText(3)).toBe('3 items');
  });
});

describe('node names', () => {
  it('wrap on spaces into at most two lines with an ellipsis', () => {
    expect(wrapName('Set')).toBe('Set');
    expect(wrapName('When clicking ‘Execute workflow’')).toBe('When clicking\n‘Execute workflow’');
    const long = wrapName('A very long node name that keeps going and going');
    expect(long.split('\n')).toHaveLength(2);
    expect(long.endsWith('…')).toBe(true);
    expect(wrapName('Supercalifragilisticexpialidocious').split('\n')[0]).toHaveLength(18);
  });
});

describe('notes in the flow (notesInFlow)', () => {
  it('are shown when notesInFlow is on and the note has text, as n8n reads them', () => {
    expect(noteInFlow({ notes: 'Checks the order', notesInFlow: true })).toBe('Checks the order');
    expect(noteInFlow({ notes: 'Checks the order' })).toBeUndefined();
    expect(noteInFlow({ notes: 'Checks the order', notesInFlow: false })).toBeUndefined();
    expect(noteInFlow({ notesInFlow: true })).toBeUndefined();
    expect(noteInFlow({ notes: '  \n ', notesInFlow: true })).toBeUndefined();
    expect(noteInFlow({ notes: 42, notesInFlow: true })).toBeUndefined();
    expect(noteInFlow({ notes: null, notesInFlow: null })).toBeUndefined();
    expect(noteInFlow(undefined)).toBeUndefined();
  });

  it('wrap at spaces into at most three lines of about 32 characters', () => {
    expect(wrapNote('Short note')).toBe('Short note');
    expect(wrapNote('Fetches the page, converts the HTML to Markdown and collects the links')).toBe(
      'Fetches the page, converts the\nHTML to Markdown and collects\nthe links',
    );
    for (const line of wrapNote('word '.repeat(40)).split('\n')) expect(line.length).toBeLessThanOrEqual(NOTES_PER_LINE);
  });

  it('keep the note’s own line breaks, drop blank lines and squeeze spaces', () => {
    expect(wrapNote('First line\r\n\n\n  second\t\tline  \nthird')).toBe('First line\nsecond line\nthird');
  });

  it('end with an ellipsis when something is left out', () => {
    const long = wrapNote('a b c d e f g h i j k l m n o p q r s t u v w x y z '.repeat(5));
    expect(long.split('\n')).toHaveLength(NOTES_LINES);
    expect(long.endsWith('…')).toBe(true);
    expect(long.split('\n').every((l) => l.length <= NOTES_PER_LINE)).toBe(true);
    // A fourth line of its own is left out too.
    expect(wrapNote('one\ntwo\nthree\nfour')).toBe('one\ntwo\nthree…');
    // A word longer than a line is cut, and what does not fit ends the last line.
    const word = wrapNote('x'.repeat(200));
    expect(word.split('\n')).toEqual(['x'.repeat(32), 'x'.repeat(32), `${'x'.repeat(31)}…`]);
  });

  it('read only the start of a huge note', () => {
    const huge = 'lorem ipsum '.repeat(500_000);
    const t0 = performance.now();
    const out = wrapNote(huge);
    expect(performance.now() - t0).toBeLessThan(50);
    expect(out.split('\n')).toHaveLength(3);
    expect(out.endsWith('…')).toBe(true);
    // A note cut by that limit in its first lines still says so.
    expect(wrapNote(`short\n${' '.repeat(400)}more`)).toBe('short…');
  });

  it('take longer lines on wider nodes', () => {
    const text = 'The agent answers with the tools and the memory of the last ten messages';
    expect(wrapNote(text, 64).split('\n')).toHaveLength(2);
  });
});

describe('node visual state', () => {
  const base = { disabled: false, status: 'idle' as const, issues: [] as string[], itemCount: [] as number[], pinned: false };

  it('follows the precedence disabled > executing > issues > waiting/pinned > data', () => {
    expect(visualState(base)).toBe('idle');
    expect(visualState({ ...base, itemCount: [3] })).toBe('success');
    expect(visualState({ ...base, pinned: true, itemCount: [3] })).toBe('pinned');
    expect(visualState({ ...base, status: 'waiting' })).toBe('waiting');
    expect(visualState({ ...base, issues: ['Parameter "x" is required.'], pinned: true })).toBe('issues');
    expect(visualState({ ...base, status: 'error' })).toBe('issues');
    expect(visualState({ ...base, status: 'running', issues: ['x'] })).toBe('executing');
    expect(visualState({ ...base, disabled: true, status: 'running' })).toBe('disabled');
  });

  it('reads out name and state for the accessible mirror', () => {
    expect(accessibleLabel('Set', { ...base, status: 'success', itemCount: [2, 1] })).toBe('Set, has data, 3 items');
    expect(accessibleLabel('IF', { ...base, issues: ['x'] })).toBe('IF, has issues');
    expect(accessibleLabel('Code', { ...base, status: 'running' })).toBe('Code, executing');
    expect(accessibleLabel('NoOp', { ...base, disabled: true, itemCount: [4] })).toBe('NoOp, disabled');
    expect(accessibleLabel('Wait', { ...base, status: 'waiting' }, 'Waiting indefinitely')).toBe('Wait, waiting, Waiting indefinitely');
    expect(accessibleLabel('Set', base)).toBe('Set');
  });
});

describe('connection label placement', () => {
  /** Whether the line through (mx, my) along (dx, dy) crosses the w × h box centred at c. */
  const crosses = (c: [number, number], mx: number, my: number, dx: number, dy: number, w: number, h: number) => {
    const len = Math.hypot(dx, dy);
    const corners = [[-1, -1], [1, -1], [-1, 1], [1, 1]].map(([sx, sy]) => (c[0] + (sx * w) / 2 - mx) * (-dy / len) + (c[1] + (sy * h) / 2 - my) * (dx / len));
    return Math.min(...corners) < 0 && Math.max(...corners) > 0;
  };

  it('keeps the label box off the line whatever its slope, above it (or right of a vertical one)', () => {
    const w = 40, h = 12;
    for (const [dx, dy] of [[1, 0], [1, 1], [1, -1], [1, 4], [-1, 3], [0, 1], [0, -1], [-1, 0]]) {
      const c = connectionLabelCentre(100, 100, dx, dy, w, h);
      expect(crosses(c, 100, 100, dx, dy, w, h), `slope ${dx},${dy}`).toBe(false);
      // Close to the line: within the box's half-diagonal plus the gap.
      expect(Math.hypot(c[0] - 100, c[1] - 100)).toBeLessThanOrEqual(Math.hypot(w, h) / 2 + 4 + 1e-9);
    }
    // Horizontal: straight above, as before (bottom 4 above the line).
    expect(connectionLabelCentre(100, 100, 1, 0, w, h)).toEqual([100, 100 - h / 2 - 4]);
    expect(connectionLabelCentre(100, 100, -1, 0, w, h)).toEqual([100, 100 - h / 2 - 4]);
    // Vertical: to the right.
    const v = connectionLabelCentre(100, 100, 0, 1, w, h);
    expect(v[0]).toBeCloseTo(100 + w / 2 + 4);
    expect(v[1]).toBeCloseTo(100);
    // Degenerate direction: above.
    expect(connectionLabelCentre(100, 100, 0, 0, w, h)).toEqual([100, 100 - h / 2 - 4]);
  });
});
