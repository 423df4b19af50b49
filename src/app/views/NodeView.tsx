// NodeViewNew (/workflow) and NodeViewExisting (/workflow/:name): the editor on one workflow.
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import type { CanvasHandle } from '../../canvas/types.ts';
import { useStores } from '../stores/context.ts';
import { EditorLayout } from '../shell/EditorLayout.tsx';
import { WorkflowHeader } from '../shell/WorkflowHeader.tsx';
import { CanvasHost } from '../editor/canvas/CanvasHost.tsx';
import { ZoomControls } from '../editor/controls/ZoomControls.tsx';
import { AddControls } from '../editor/controls/AddControls.tsx';
import { RunControls } from '../editor/controls/RunControls.tsx';
import { EditControls, useTidyUp } from '../editor/controls/EditControls.tsx';
import { SelectionActions } from '../editor/controls/SelectionActions.tsx';
import { FindNodePalette } from '../editor/find/FindNodePalette.tsx';
import { EmptyCanvas } from '../editor/controls/EmptyCanvas.tsx';
import { NodeCreator } from '../editor/creator/NodeCreator.tsx';
import { NodeDetailsView } from '../editor/ndv/NodeDetailsView.tsx';
import { openNewWorkflow, openWorkflow } from '../commands/openWorkflow.ts';
import { openTemplate, TEMPLATE_NOT_FOUND } from '../commands/openTemplate.ts';
import { saveWorkflow } from '../commands/saveWorkflow.ts';
import { confirmLeave, guardedNavigate, markConfirmed, takeConfirmed } from '../navigation.ts';
import { useEditorShortcuts } from './useEditorShortcuts.ts';
import { useBeforeUnload } from './useBeforeUnload.ts';
import { useCanvasEditing, visibleWorld } from './useCanvasEditing.ts';
import './views.css';

/** templateId: the WorkflowTemplate route (/workflows/templates/:id), a template opened as a new workflow. */
export const NodeView = observer(function NodeView({ templateId }: { templateId?: string } = {}) {
  const root = useStores();
  const { workflow } = root;
  const params = useParams<{ name?: string }>();
  const [, navigate] = useLocation();
  const [canvas, setCanvas] = useState<CanvasHandle | undefined>();
  /** The canvas from its creation on (before it has started): see fitOpened. */
  const created = useRef<CanvasHandle | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  /** Route key of what the store holds ('new' or a workflow id). */
  const loadedKey = useRef<string | undefined>(undefined);
  /** A stored workflow was opened: show it whole once the canvas is there. */
  const [fitPending, setFitPending] = useState(false);

  const routeKey = templateId !== undefined ? `template:${templateId}` : (params.name ?? 'new');

  useEffect(() => {
    let cancelled = false;
    const previous = loadedKey.current;
    if (previous === routeKey) return;
    // Saving a new workflow changes the URL to its id: the store already holds it.
    if (params.name !== undefined && workflow.workflowId === params.name && previous !== undefined) {
      loadedKey.current = routeKey;
      return;
    }
    // The canvas asked at once (it exists from its creation on) fits the first frame that has the
    // nodes; the canvas not there yet fits once it has started.
    const fitOpened = () => {
      const c = created.current;
      if (c && workflow.nodes.size) c.zoomToFit();
      else setFitPending(true);
    };
    const load = async () => {
      // Browser back/forward bypasses guardedNavigate: ask here, and go back if cancelled.
      const path = templateId !== undefined ? `/workflows/templates/${templateId}` : params.name ? `/workflow/${params.name}` : '/workflow';
      if (previous !== undefined && !takeConfirmed(path)) {
        if (!(await confirmLeave(root))) {
          if (!cancelled) navigate(previous === 'new' ? '/workflow' : `/workflow/${previous}`, { replace: true });
          return;
        }
      }
      if (cancelled) return;
      loadedKey.current = routeKey;
      setLoading(true);
      if (templateId !== undefined) {
        const id = /^\d{1,9}$/.test(templateId) ? Number(templateId) : undefined;
        if (id !== undefined && (await openTemplate(root, id))) fitOpened();
        else {
          if (id === undefined) root.ui.toasts.error(TEMPLATE_NOT_FOUND, `"${templateId.slice(0, 40)}" is not a template id`);
          loadedKey.current = undefined;
          markConfirmed('/workflow');
          navigate('/workflow', { replace: true });
        }
      } else if (params.name === undefined) await openNewWorkflow(root);
      else if (await openWorkflow(root, params.name)) fitOpened();
      else {
        loadedKey.current = undefined;
        markConfirmed('/workflow');
        navigate('/workflow', { replace: true });
      }
      setLoading(false);
    };
    void load();
    return () => {
      cancelled = true;
    };
  }, [routeKey]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!fitPending || !canvas || loading) return;
    setFitPending(false);
    if (workflow.nodes.size) canvas.zoomToFit();
  }, [fitPending, canvas, loading, workflow]);

  const save = useCallback(async () => {
    const result = await saveWorkflow(root);
    if (result?.created) navigate(`/workflow/${result.id}`);
  }, [root, navigate]);

  const newWorkflow = useCallback(() => {
    if (loadedKey.current === 'new' && !workflow.dirty && !workflow.isSaved) return;
    void guardedNavigate(root, navigate, '/workflow').then((left) => {
      // Already on /workflow with unsaved edits discarded: the route does not change, so reload here.
      if (left && loadedKey.current === 'new') {
        takeConfirmed('/workflow');
        void openNewWorkflow(root);
      }
    });
  }, [root, navigate, workflow]);

  const actions = useMemo(() => ({ save: () => void save(), newWorkflow }), [save, newWorkflow]);
  const sidebar = useMemo(() => ({ onWorkflowPage: true, ...actions, viewport: () => visibleWorld(canvas) }), [actions, canvas]);
  useEditorShortcuts(root, actions);
  const tidy = useTidyUp(canvas);
  const editing = useMemo(() => ({ tidyUp: tidy.run }), [tidy.run]);
  useCanvasEditing(root, canvas, editing);
  // The stored credentials, so issues can name a credential a node refers to that does not
  // exist (an imported workflow, say); a failure is reported where credentials are used (NDV).
  useEffect(() => {
    root.credentials.load().catch(() => undefined);
  }, [root]);
  // A node added out of view (at the last click, after a node off screen) is panned into view.
  useEffect(() => reaction(() => root.ui.revealRequest, (r) => r && canvas?.reveal(r.id)), [root, canvas]);
  useEffect(() => reaction(() => root.ui.showRequest, (r) => r && canvas?.showNodes(r.ids)), [root, canvas]);
  useBeforeUnload(() => workflow.dirty);

  return (
    <EditorLayout header={<WorkflowHeader onSave={actions.save} />} actions={sidebar}>
      <CanvasHost readOnly={false} onHandle={setCanvas} onCreated={(h) => (created.current = h)} />
      {!loading && <EmptyCanvas />}
      <ZoomControls canvas={canvas}>
        <EditControls tidy={tidy} />
      </ZoomControls>
      <SelectionActions canvas={canvas} />
      <AddControls canvas={canvas} />
      <RunControls />
      <NodeCreator />
      <NodeDetailsView />
      <FindNodePalette canvas={canvas} />
      {loading && <div className="view-loading">Loading workflow…</div>}
    </EditorLayout>
  );
});

