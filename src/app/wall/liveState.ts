// How a wall draws the live state of a node and a workflow (pure: tested on its own).
import type { WallNodeState } from '../../model/wall.ts';
import type { NodeRunStatus } from '../stores/WorkflowStore.ts';

/** Running now beats the last outcome; no outcome yet is idle. */
export function liveStatus(s: WallNodeState | undefined): NodeRunStatus {
  if (!s) return 'idle';
  if (s.running > 0) return 'running';
  const last = s.last[0];
  return last === 'error' ? 'error' : last === 'waiting' ? 'waiting' : last === 'success' ? 'success' : 'idle';
}

const MARK: Record<string, string> = { success: '✓', error: '✗', waiting: '…' };

/** The line under a node on a wall: its runs in the last minute and its last outcomes, newest first. */
export function liveCaption(s: WallNodeState | undefined): string | undefined {
  if (!s || (s.runs === 0 && s.last.length === 0)) return undefined;
  const marks = s.last.map((o) => MARK[o] ?? '?').join('');
  return marks ? `${s.runs}/min ${marks}` : `${s.runs}/min`;
}

/** 0.034 → '3.4 %', 0 → '0 %', 1 → '100 %'. */
export function percent(rate: number): string {
  if (!(rate > 0)) return '0 %';
  const p = rate * 100;
  return `${p >= 10 || Number.isInteger(p) ? Math.round(p) : p.toFixed(1)} %`;
}

/** Panels per page: as asked (1–9), else 1, 2 side by side, or 4 in a square. */
export function panelsPerPage(count: number, asked?: number): number {
  if (asked && Number.isInteger(asked) && asked >= 1 && asked <= 9) return asked;
  return count <= 1 ? 1 : count === 2 ? 2 : 4;
}

/** Seconds between pages: as asked (5–3600), else 20. */
export function pageSeconds(asked?: number): number {
  return asked && Number.isFinite(asked) && asked >= 5 && asked <= 3600 ? asked : 20;
}
