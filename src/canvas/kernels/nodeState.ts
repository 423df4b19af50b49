// Node visual state (spec 001 §2.4): one state per node, by precedence, plus the words the
// accessible mirror reads out for it.
export type VisualState = 'disabled' | 'executing' | 'issues' | 'waiting' | 'pinned' | 'success' | 'idle';

export interface NodeStateInput {
  disabled: boolean;
  status: 'idle' | 'waiting' | 'running' | 'success' | 'error';
  issues: readonly string[];
  itemCount: readonly number[];
  pinned: boolean;
  /** Parameters changed after the run started (spec 001 §4.1); shown only on a node that has data. */
  stale?: boolean;
}

export function totalItems(itemCount: readonly number[]): number {
  let n = 0;
  for (const c of itemCount) n += c || 0;
  return n;
}

/**
 * Disabled wins (a disabled node reports nothing else); then executing; then issues (issue
 * lines or a failed run); then waiting or pinned (secondary colour); then has data.
 */
export function visualState(n: NodeStateInput): VisualState {
  if (n.disabled) return 'disabled';
  if (n.status === 'running') return 'executing';
  if (n.issues.length > 0 || n.status === 'error') return 'issues';
  if (n.status === 'waiting') return 'waiting';
  if (n.pinned) return 'pinned';
  if (n.status === 'success' || totalItems(n.itemCount) > 0) return 'success';
  return 'idle';
}

/**
 * 'Set, has data, 3 items' / 'Set, has data, parameters changed since the run, 3 items' /
 * 'IF, has issues' / 'Wait, waiting, until …' / 'Code, disabled'.
 */
export function accessibleLabel(name: string, n: NodeStateInput, waitingText?: string): string {
  const state = visualState(n);
  const items = totalItems(n.itemCount);
  const parts = [name];
  switch (state) {
    case 'disabled': parts.push('disabled'); break;
    case 'executing': parts.push('executing'); break;
    case 'issues': parts.push('has issues'); break;
    case 'waiting': parts.push('waiting'); if (waitingText) parts.push(waitingText); break;
    case 'pinned': parts.push('pinned data'); break;
    case 'success': parts.push('has data'); if (n.stale) parts.push('parameters changed since the run'); break;
    case 'idle': break;
  }
  if (state !== 'disabled' && state !== 'executing' && items > 0) parts.push(items === 1 ? '1 item' : `${items} items`);
  return parts.join(', ');
}
