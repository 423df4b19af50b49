// WorkflowDemo (/workflows/demo): the read-only canvas a parent page embeds as a workflow
// preview (template pages). It has no header or sidebar; the parent posts an openWorkflow
// message and the view answers n8nReady with the version, or an error (src/app/embed/
// embedMessages.ts). Opened on its own, it says what it is for.
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { reaction, when } from 'mobx';
import type { CanvasHandle } from '../../canvas/types.ts';
import { repairMessages } from '../../model/repairWorkflow.ts';
import type { IWorkflowBase } from '../../model/workflow.ts';
import { useStores } from '../stores/context.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { CanvasHost } from '../editor/canvas/CanvasHost.tsx';
import { ZoomControls } from '../editor/controls/ZoomControls.tsx';
import { NodeDetailsView } from '../editor/ndv/NodeDetailsView.tsx';
import { FindNodePalette } from '../editor/find/FindNodePalette.tsx';
import { allowedOrigins, encodeParentMessage, parseEmbedMessage, type ParentMessage } from '../embed/embedMessages.ts';
import { useCanvasEditing } from './useCanvasEditing.ts';
import { showReadOnlyError } from '../commands/readOnly.ts';
import { useEditorShortcuts } from './useEditorShortcuts.ts';
import './views.css';

const IMPORT_ERROR = 'Could not import workflow';
const EMPTY: IWorkflowBase = { name: 'Demo', active: false, nodes: [], connections: {} };
/** How long the first n8nReady waits for the server settings (the version) before going without. */
const SETTINGS_WAIT_MS = 5000;

function embedded(): boolean {
  return window.parent !== window;
}

function post(message: ParentMessage, origin: string): void {
  if (embedded()) window.parent.postMessage(encodeParentMessage(message), origin);
}

/** Loads a workflow sent by the parent; returns an error message, or undefined on success. */
function openFromParent(root: RootStore, workflow: Record<string, unknown>): string | undefined {
  const { ui, nodeTypes } = root;
  try {
    root.ui.closeNdv();
    const report = root.workflow.load({ ...(workflow as unknown as IWorkflowBase), id: undefined });
    const lines = repairMessages(report);
    if (lines.length) ui.toasts.show({ kind: 'warning', title: 'Workflow repaired', message: lines.join(' ') });
    if (nodeTypes.loaded) {
      const unknown = [...new Set([...root.workflow.nodes.values()].filter((n) => !nodeTypes.get(n.type, n.typeVersion)).map((n) => n.type))];
      if (unknown.length) ui.toasts.show({ kind: 'warning', title: 'Unknown node types', message: `${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not installed here; shown with a question mark.` });
    }
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

export const WorkflowDemoView = observer(function WorkflowDemoView() {
  const root = useStores();
  const { workflow, ui, settings } = root;
  const [canvas, setCanvas] = useState<CanvasHandle | undefined>();
  const [loaded, setLoaded] = useState(false);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    ui.closeCreator();
    ui.closeNdv();
    ui.setReadOnly(true, 'demo');
    workflow.load(EMPTY);
    return () => ui.setReadOnly(false);
  }, [root]); // eslint-disable-line react-hooks/exhaustive-deps

  // Ready to receive: the version once the settings are in (n8n's n8nReady; anyone may read it).
  useEffect(() => {
    const settle = when(() => settings.settings !== undefined, { timeout: SETTINGS_WAIT_MS });
    settle.then(
      () => post({ command: 'n8nReady', version: settings.version }, '*'),
      () => post({ command: 'n8nReady', version: settings.version }, '*'),
    );
    return () => settle.cancel();
  }, [settings]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (!embedded() || e.source !== window.parent) return;
      if (!allowedOrigins(window.location.origin, settings.settings?.templates?.host).has(e.origin)) return;
      const request = parseEmbedMessage(e.data);
      if (request.kind === 'ignore') return;
      const error = request.kind === 'invalid' ? request.error : openFromParent(root, request.workflow);
      if (error) {
        // The parent hears about it too (and usually hides the preview): no toast that stays.
        ui.toasts.show({ kind: 'error', title: IMPORT_ERROR, message: error });
        post({ command: 'error', message: error }, e.origin);
        return;
      }
      for (const t of [...ui.toasts.toasts]) if (t.title === IMPORT_ERROR) ui.toasts.close(t.id);
      setLoaded(true);
      setLoads((n) => n + 1);
      post({ command: 'n8nReady', version: settings.version }, e.origin);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [root, ui, settings]);

  // The parent sizes the preview up while the node details view is open.
  useEffect(
    () =>
      reaction(
        () => !!ui.ndvNode,
        (open) => post({ command: open ? 'openNDV' : 'closeNDV' }, '*'),
      ),
    [ui],
  );

  // Each workflow the parent sends is shown whole (also one with as many nodes as the last).
  const nodeCount = workflow.nodes.size;
  useEffect(() => {
    if (loaded && canvas && nodeCount) canvas.zoomToFit();
  }, [loaded, loads, canvas, nodeCount]);

  const actions = useMemo(() => ({ save: () => undefined, newWorkflow: () => undefined }), []);
  useEditorShortcuts(root, actions);
  const editing = useMemo(() => ({ tidyUp: () => showReadOnlyError(root) }), [root]);
  useCanvasEditing(root, canvas, editing);

  return (
    <div className="demo-view" data-testid="workflow-demo">
      <CanvasHost readOnly onHandle={setCanvas} />
      {!loaded && (
        <div className="demo-waiting" data-testid="demo-waiting">
          <p className="demo-waiting-title">Workflow preview</p>
          <p>{embedded() ? 'Waiting for a workflow from the page…' : 'This view shows a workflow sent by the page that embeds it.'}</p>
        </div>
      )}
      <span className="read-only-badge demo-badge">Read only</span>
      <ZoomControls canvas={canvas} />
      <NodeDetailsView />
      <FindNodePalette canvas={canvas} />
    </div>
  );
});
