// The canvas's keyboard commands (interaction/keyboard.ts names them): delete, open, arrow
// navigation along connections, select downstream / upstream, zoom, select all, cancel. The
// document, the camera and the machine are the host's; this part decides what a key does and
// whether the event is consumed (preventDefault + stopPropagation only for handled keys).
import { runInAction } from 'mobx';
import { navigate, reachable, type Direction, type NavGraph } from '../kernels/navigation.ts';
import { commandForKey, type KeyInput } from './keyboard.ts';
import type { CanvasCallbacks, CanvasDocument, ReadOnlyAction } from '../types.ts';

export interface KeyEvent extends KeyInput {
  readonly target: EventTarget | null;
  preventDefault(): void;
  stopPropagation(): void;
}

export interface KeyHost {
  doc: Pick<CanvasDocument, 'nodes' | 'selection' | 'selectedConnections' | 'lastSelectedId' | 'select' | 'removeNodes' | 'disconnect'>;
  callbacks(): Pick<CanvasCallbacks, 'openNode' | 'onDeleteRequest'>;
  readOnly(): boolean;
  /** The sticky editor is open (its keys stop there). */
  editingSticky(): boolean;
  readOnlyEdit(action: ReadOnlyAction): void;
  openSticky(id: string): void;
  /** The connections between nodes, by id. */
  graph: NavGraph;
  /** Selects the node reached by an arrow key and keeps it in view (focus follows from a node's element). */
  moveSelectionTo(id: string, from: EventTarget | null): void;
  zoomIn(): void;
  zoomOut(): void;
  resetZoom(): void;
  zoomToFit(): void;
  /** Escape: cancels the running gesture; false when there was none. */
  cancel(): boolean;
}

export class KeyCommands {
  private readonly host: KeyHost;

  constructor(host: KeyHost) {
    this.host = host;
  }

  /** The node keyboard commands start from: the last selected one if still selected, else the only one. */
  anchorNode(): string | undefined {
    const doc = this.host.doc;
    const last = doc.lastSelectedId;
    if (last && doc.selection.has(last)) return last;
    return doc.selection.size === 1 ? [...doc.selection][0] : undefined;
  }

  handle(e: KeyEvent): void {
    const cmd = commandForKey(e);
    if (!cmd) return;
    const host = this.host;
    if (host.editingSticky()) return;
    const doc = host.doc;
    switch (cmd) {
      case 'delete': {
        const ids = [...doc.selection];
        const conns = [...doc.selectedConnections];
        if (!ids.length && !conns.length) return;
        if (host.readOnly()) {
          host.readOnlyEdit('delete');
          break;
        }
        if (ids.length) {
          const callbacks = host.callbacks();
          if (callbacks.onDeleteRequest) callbacks.onDeleteRequest(ids);
          else runInAction(() => doc.removeNodes(ids));
        }
        if (conns.length) runInAction(() => doc.disconnect(conns));
        break;
      }
      case 'open': {
        const id = this.anchorNode();
        if (!id) return;
        const n = doc.nodes.get(id);
        if (n?.isSticky) host.openSticky(id);
        else host.callbacks().openNode(id);
        break;
      }
      case 'navLeft':
      case 'navRight':
      case 'navUp':
      case 'navDown': {
        const from = this.anchorNode();
        if (!from) return;
        const dir = cmd.slice(3).toLowerCase() as Direction;
        const to = navigate(host.graph, from, dir);
        if (to) host.moveSelectionTo(to, e.target);
        break;
      }
      case 'selectDownstream':
      case 'selectUpstream': {
        const from = this.anchorNode();
        if (!from) return;
        const ids = reachable(host.graph, [from], cmd === 'selectDownstream' ? 'downstream' : 'upstream');
        // The anchor stays the last selected node (Enter still opens it).
        runInAction(() => doc.select([...ids.filter((x) => x !== from), from], 'replace'));
        break;
      }
      case 'zoomIn': host.zoomIn(); break;
      case 'zoomOut': host.zoomOut(); break;
      case 'resetZoom': host.resetZoom(); break;
      case 'zoomToFit': host.zoomToFit(); break;
      case 'selectAll': runInAction(() => doc.select([...doc.nodes.keys()], 'replace')); break;
      case 'cancel':
        if (!host.cancel()) return;
        break;
    }
    e.preventDefault();
    e.stopPropagation();
  }
}
