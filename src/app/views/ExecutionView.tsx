// ExecutionById (/execution/:id): a past execution, read-only, with its run data on the nodes.
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { faCircleCheck, faCircleExclamation, faClock } from '@fortawesome/free-solid-svg-icons';
import type { CanvasHandle } from '../../canvas/types.ts';
import type { IExecution } from '../../model/execution.ts';
import { useStores } from '../stores/context.ts';
import { EditorLayout } from '../shell/EditorLayout.tsx';
import { CanvasHost } from '../editor/canvas/CanvasHost.tsx';
import { ZoomControls } from '../editor/controls/ZoomControls.tsx';
import { NodeDetailsView } from '../editor/ndv/NodeDetailsView.tsx';
import { FindNodePalette } from '../editor/find/FindNodePalette.tsx';
import { openExecution } from '../commands/openWorkflow.ts';
import { guardedNavigate } from '../navigation.ts';
import { Icon } from '../ui/Icon.tsx';
import { useEditorShortcuts } from './useEditorShortcuts.ts';
import { useCanvasEditing } from './useCanvasEditing.ts';
import { showReadOnlyError } from '../commands/readOnly.ts';
import './views.css';

type Summary = Pick<IExecution, 'id' | 'finished' | 'waitTill' | 'workflowId' | 'workflowName'>;

/** Execution icon rule (spec 001 §2.2): finished → success; waitTill → waiting; else failed. */
function ExecutionStatus({ e }: { e: Summary }) {
  if (e.finished) return <span className="exec-status exec-status-success"><Icon icon={faCircleCheck} />Succeeded</span>;
  if (e.waitTill) return <span className="exec-status exec-status-waiting"><Icon icon={faClock} />Waiting</span>;
  return <span className="exec-status exec-status-error"><Icon icon={faCircleExclamation} />Failed</span>;
}

export const ExecutionView = observer(function ExecutionView() {
  const root = useStores();
  const { id } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const [canvas, setCanvas] = useState<CanvasHandle | undefined>();
  const [summary, setSummary] = useState<Summary | undefined>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setSummary(undefined);
    setFailed(false);
    void openExecution(root, id).then((e) => {
      if (cancelled) return;
      if (!e) setFailed(true);
      else setSummary(e);
    });
    return () => {
      cancelled = true;
      root.ui.setReadOnly(false);
    };
  }, [root, id]);

  const newWorkflow = useCallback(() => void guardedNavigate(root, navigate, '/workflow'), [root, navigate]);
  const actions = useMemo(() => ({ save: () => undefined, newWorkflow }), [newWorkflow]);
  const sidebar = useMemo(() => ({ onWorkflowPage: false, newWorkflow }), [newWorkflow]);
  useEditorShortcuts(root, actions);
  const editing = useMemo(() => ({ tidyUp: () => showReadOnlyError(root) }), [root]);
  useCanvasEditing(root, canvas, editing);
  // The execution's workflow is shown whole once both it and the canvas are there.
  useEffect(() => {
    if (summary && canvas) canvas.zoomToFit();
  }, [summary, canvas]);

  const header = (
    <header className="app-header">
      <div className="header-left">
        <span className="wf-name" style={{ cursor: 'default' }}>Execution {id}</span>
        {summary && (
          <span className="exec-header-meta">
            <ExecutionStatus e={summary} />
            {summary.workflowId && (
              <>
                of
                <Link href={`/workflow/${summary.workflowId}`}>{summary.workflowName || root.workflow.name}</Link>
              </>
            )}
          </span>
        )}
      </div>
      <div className="header-right">
        <span className="read-only-badge">Read only</span>
      </div>
    </header>
  );

  return (
    <EditorLayout header={header} actions={sidebar}>
      {failed ? (
        <div className="not-found">
          <h1 className="not-found-title">This execution could not be opened</h1>
          <Link href="/workflow" className="btn btn-primary">New workflow</Link>
        </div>
      ) : (
        <>
          <CanvasHost readOnly onHandle={setCanvas} />
          <ZoomControls canvas={canvas} />
          <NodeDetailsView />
          <FindNodePalette canvas={canvas} />
        </>
      )}
    </EditorLayout>
  );
});

