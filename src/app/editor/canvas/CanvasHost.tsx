// Mounts the WebGL canvas (src/canvas) once per view and hands it the workflow store, the
// node-type lookup and the callbacks. React renders nothing per node.
import { useEffect, useRef, useState } from 'react';
import { createCanvas } from '../../../canvas/index.ts';
import type { CanvasDocument, CanvasHandle } from '../../../canvas/types.ts';
import { basePath } from '../../basePath.ts';
import { useStores } from '../../stores/context.ts';
import { deleteNodes } from '../../commands/deleteNodes.ts';
import { showReadOnlyError } from '../../commands/readOnly.ts';
import { leadingDebounce } from '../../commands/debounce.ts';
import { DEBOUNCE_DELETE_MS, NODE_SIZE } from '../../../model/constants.ts';
import { addNodeOfType } from '../../commands/addNode.ts';
import { opensDetailsWhenAdded } from '../creator/NodeCreator.tsx';
import { NODE_TYPE_DRAG_TYPE } from '../creator/CreatorList.tsx';
import { nodeTypeLookup } from './nodeTypeLookup.ts';
import { bodyKeyForwarder } from './canvasFocus.ts';
import { TriggerTooltip } from './TriggerTooltip.tsx';
import './canvas.css';

/**
 * `onHandle` gets the handle once the canvas has started and drawn; `onCreated` at once, for
 * what may be asked before (a zoomToFit waits in the canvas for the first frame with nodes).
 */
export function CanvasHost({ readOnly, onHandle, onCreated }: { readOnly: boolean; onHandle: (h: CanvasHandle | undefined) => void; onCreated?: (h: CanvasHandle | undefined) => void }) {
  const root = useStores();
  const container = useRef<HTMLDivElement>(null);
  const onHandleRef = useRef(onHandle);
  onHandleRef.current = onHandle;
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;
  const [handle, setHandle] = useState<CanvasHandle | undefined>();

  // A canvas key pressed while focus is lost (on the body) goes to the canvas.
  useEffect(() => {
    const forward = bodyKeyForwarder();
    window.addEventListener('keydown', forward, true);
    return () => window.removeEventListener('keydown', forward, true);
  }, []);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    // A held Delete key repeats: one delete per 500 ms (spec 001 §9).
    const deleteRequested = leadingDebounce((ids: string[]) => deleteNodes(root, ids), DEBOUNCE_DELETE_MS);
    const handle = createCanvas(el, {
      // WorkflowStore satisfies CanvasDocument at run time; TypeScript's invariant
      // ObservableMap<NodeModel> vs ObservableMap<CanvasNode> needs the cast.
      document: root.workflow as unknown as CanvasDocument,
      nodeTypes: nodeTypeLookup(root.nodeTypes),
      workerBaseUrl: `${basePath}workers/`,
      readOnly,
      callbacks: {
        openNode: (id) => root.ui.openNdv(id),
        requestAddNode: (r) =>
          root.ui.openCreator(
            r.connectionId !== undefined
              ? { kind: 'connection', connectionId: r.connectionId, position: r.position }
              : r.fromNodeId !== undefined
                ? { kind: 'endpoint', nodeId: r.fromNodeId, outputIndex: r.fromOutput ?? 0, position: r.position }
                : { kind: 'position', x: r.position[0], y: r.position[1] },
          ),
        onDeleteRequest: deleteRequested,
        // The next node added without a source lands centred on this spot.
        onBackgroundClick: (x, y) => root.ui.setLastClickPosition(x - NODE_SIZE / 2, y - NODE_SIZE / 2),
        onReadOnlyEdit: () => showReadOnlyError(root),
        onError: (message) => root.ui.toasts.error('Canvas problem', message),
      },
    });
    // A node dragged from the creator lands centred under the pointer (snapped, and moved off
    // any node it would cover, as every added node); the creator closes as after a click.
    const onDragOver = (e: DragEvent) => {
      if (!e.dataTransfer?.types.includes(NODE_TYPE_DRAG_TYPE)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    };
    const onDrop = (e: DragEvent) => {
      const type = e.dataTransfer?.getData(NODE_TYPE_DRAG_TYPE);
      if (!type) return;
      e.preventDefault();
      const r = el.getBoundingClientRect();
      const [x, y] = handle.screenToWorld(e.clientX - r.left, e.clientY - r.top);
      const added = addNodeOfType(root, type, { kind: 'position', x: x - NODE_SIZE / 2, y: y - NODE_SIZE / 2 });
      if (!added) return;
      root.ui.closeCreator();
      if (opensDetailsWhenAdded(added.type)) root.ui.openNdv(added.id);
    };
    el.addEventListener('dragover', onDragOver);
    el.addEventListener('drop', onDrop);
    onCreatedRef.current?.(handle);
    handle.ready.then(
      () => {
        // End-to-end tests and the frame-time bench read the renderer and stats through this.
        (window as unknown as { __switchyardCanvas?: CanvasHandle }).__switchyardCanvas = handle;
        onHandleRef.current(handle);
        setHandle(handle);
      },
      (e: unknown) => root.ui.toasts.error('The canvas could not start', e instanceof Error ? e.message : String(e)),
    );
    return () => {
      el.removeEventListener('dragover', onDragOver);
      el.removeEventListener('drop', onDrop);
      onHandleRef.current(undefined);
      onCreatedRef.current?.(undefined);
      setHandle(undefined);
      handle.destroy();
    };
  }, [root, readOnly]);

  return (
    <>
      <div ref={container} className="canvas-host" data-testid="canvas-host" />
      {!readOnly && <TriggerTooltip canvas={handle} />}
    </>
  );
}
