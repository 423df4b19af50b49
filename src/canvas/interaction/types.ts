// Inputs, targets and effects of the interaction state machine. The machine is pure: it reads
// a context and returns effects; the canvas applies them to the document and the viewport.
import type { Rect } from '../../../workers/spatial/kernel.ts';
import type { ResizeHandle, Box } from '../kernels/resize.ts';
import type { ReadOnlyAction, SelectMode } from '../types.ts';

export interface PointerInput {
  type: 'down' | 'move' | 'up' | 'cancel';
  /** Canvas-relative screen position (CSS px). */
  sx: number;
  sy: number;
  /** World position. */
  wx: number;
  wy: number;
  /** 0 primary, 1 middle, 2 secondary. */
  button: number;
  shift: boolean;
  /** ctrl or meta. */
  mod: boolean;
  /** The space bar is held (space+drag pans anywhere). */
  space: boolean;
}

export type Target =
  | { kind: 'node'; nodeId: string; sticky: boolean }
  | { kind: 'input'; nodeId: string; index: number }
  | { kind: 'output'; nodeId: string; index: number; plus: boolean }
  | { kind: 'edge'; edgeId: string }
  /** An edge or corner of a sticky note (resize). */
  | { kind: 'stickyEdge'; nodeId: string; handle: ResizeHandle }
  /**
   * The add or delete button of the hovered connection; (x, y) is the connection's midpoint.
   * Connections of other types than main have only the delete button.
   */
  | { kind: 'edgeButton'; edgeId: string; button: 'add' | 'delete'; x: number; y: number }
  | { kind: 'background' };

export interface Port {
  nodeId: string;
  side: 'input' | 'output';
  /** Main port index, or -1 - k for the k-th port of another type (bottom input / top output). */
  index: number;
}

export interface MachineContext {
  hit(wx: number, wy: number): Target;
  isSelected(nodeId: string): boolean;
  selectedIds(): string[];
  nodeBox(nodeId: string): { x: number; y: number; w: number; h: number; inputs: number; outputs: number } | undefined;
  connectionExists(sourceId: string, sourceOutput: number, targetId: string, targetInput: number): boolean;
  /** Output has at least one connection (its plus button is hidden). */
  outputConnected(nodeId: string, output: number): boolean;
  /**
   * The connection type of a port ('main', 'ai_tool' …); a connection joins ports of one type.
   * Main ports have indexes 0, 1, …; other types -1 - k (the k-th bottom input / top output).
   * Without it every port is taken as one type.
   */
  portType?(port: Port): string | undefined;
  readOnly: boolean;
}

export type Effect =
  | { type: 'select'; ids: string[]; mode: SelectMode }
  | { type: 'selectConnection'; id: string; mode: SelectMode }
  | { type: 'clearSelection' }
  /** A press and release on empty canvas without moving (world coordinates). */
  | { type: 'backgroundClick'; wx: number; wy: number }
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'dragPreview'; ids: string[]; dx: number; dy: number }
  | { type: 'dragEnd'; ids: string[]; dx: number; dy: number; commit: boolean }
  | { type: 'band'; rect: Rect | null }
  | { type: 'bandSelect'; rect: Rect; additive: boolean }
  | { type: 'connectPreview'; from: Port; x: number; y: number; target: Port | null }
  | { type: 'connectEnd' }
  | { type: 'connect'; sourceId: string; sourceOutput: number; targetId: string; targetInput: number }
  | { type: 'addNode'; fromNodeId?: string; fromOutput?: number; position: [number, number] }
  | { type: 'insertNode'; edgeId: string; position: [number, number] }
  | { type: 'disconnect'; edgeId: string }
  | { type: 'resizePreview'; nodeId: string; box: Box }
  | { type: 'resizeEnd'; nodeId: string; box: Box; commit: boolean }
  /** A press and release on a node without a drag (sticky links open on it). */
  | { type: 'click'; nodeId: string; wx: number; wy: number }
  /** Read-only mode refused an edit. */
  | { type: 'readOnly'; action: ReadOnlyAction }
  | { type: 'cursor'; cursor: string };
