import { describe, expect, it } from 'vitest';
import { connectionLabelFits, itemCountText, wrapName } from '../../src/canvas/kernels/labels.ts';
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
