// The operations-room wall (issue 18): what the server streams about production executions of a
// workflow, aggregated (counts only, never items), and the wall tokens that let a kiosk read it.
// Shared by the server (src/server/wall) and the browser's wall page.
import type { DrawnTypeInfo } from './drawnTypeInfo.ts';

/** The outcome of one execution at one node, as the wall shows it. */
export type WallOutcome = 'success' | 'error' | 'waiting';

/** How many outcomes a node keeps (newest first). */
export const WALL_LAST_OUTCOMES = 5;
/** The window of perMinute, errorRate and runs, in milliseconds. */
export const WALL_WINDOW_MS = 60_000;
/** The fastest a workflow's updates come: at most one per this many milliseconds (4 per second). */
export const WALL_UPDATE_MS = 250;
/** The stream sends an `event: ping` this often; a wall that hears nothing for 2.5 × this reconnects. */
export const WALL_HEARTBEAT_MS = 15_000;

export interface WallNodeState {
  /** Executions inside this node now. */
  running: number;
  /** Output items of this node's last run (all outputs together). */
  items: number;
  /** Runs of this node in the last 60 s. */
  runs: number;
  /** Outcome of the last ≤ 5 executions that reached this node, newest first (one entry per execution). */
  last: WallOutcome[];
  /** The node's last error (kept until a newer one; compare `at` to flash a new failure). */
  error?: { message: string; at: number };
}

export interface WallFailure {
  executionId: string;
  /** The node that failed (the execution's last node when the error names none). */
  nodeName: string;
  message: string;
  at: number;
}

export interface WallSnapshot {
  workflowId: string;
  /** When this state was taken (ms since the epoch). */
  at: number;
  /**
   * true: `nodes` holds every node that has state (the first message of a stream, and
   * GET /rest/wall/workflows). false (an update): `nodes` holds only the nodes whose state changed
   * since the previous update; every other node is as before.
   */
  full: boolean;
  /** Production executions started in the last 60 s. */
  perMinute: number;
  /** Failed ÷ finished executions over the last 60 s (0 when none finished). */
  errorRate: number;
  /** Production executions running now. */
  running: number;
  /**
   * By node name. Only nodes with state appear: the server follows nodes while a wall watches the
   * workflow (and 5 minutes after), so a node no run reached since is absent (draw it idle).
   */
  nodes: Record<string, WallNodeState>;
  /** The workflow's last failed production execution (kept until a newer one; compare `at`). */
  lastFailure?: WallFailure;
}

/** One event of GET /rest/wall/stream (each SSE `data:` line). */
export interface WallStreamMessage {
  type: 'wallState';
  data: WallSnapshot;
}

/** A wall token as listed (the token itself is shown only when it is created). */
export interface WallToken {
  id: string;
  label: string;
  workflowIds: string[];
  createdAt: string;
}

export interface WallTokenCreated extends WallToken {
  /** The secret: send as `authorization: Bearer <token>` or `?wallToken=<token>`. Shown once. */
  token: string;
}

/** A node as the wall gets it: enough to draw it, nothing secret (no parameters, no credentials). */
export interface WallWorkflowNode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  disabled?: boolean;
  /** Sticky notes only: their content, size and color. */
  parameters?: Record<string, unknown>;
  /** How this node is drawn, for a type whose endpoints depend on its parameters (Switch …). */
  look?: DrawnTypeInfo;
}

/** GET /rest/wall/workflows: a workflow to draw, with its live state. */
export interface WallWorkflow {
  id: string;
  name: string;
  active: boolean;
  nodes: WallWorkflowNode[];
  connections: Record<string, unknown>;
  snapshot: WallSnapshot;
  /** How nodes are drawn, by `${type}@${typeVersion}` (types that are not installed are absent). */
  types: Record<string, DrawnTypeInfo>;
}

export const WALL_TOKEN_LABEL_MAX = 128;
export const WALL_TOKEN_WORKFLOWS_MAX = 50;
