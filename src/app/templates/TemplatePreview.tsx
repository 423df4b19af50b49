// The live preview of a template (spec 000 §2 preview rules): the embedded demo view
// (/workflows/demo) in a frame, sent the workflow once it says it is ready, and shown only
// after it has loaded it. An error from it hides the frame and says why; while its node details
// view is open the frame grows so the panel fits.
import { useEffect, useRef, useState } from 'react';
import { basePath } from '../basePath.ts';
import type { TemplateWorkflowJson } from '../../model/templates.ts';

export const PREVIEW_ERROR_TITLE = 'Preview error';
export const PREVIEW_MISSING_WORKFLOW = 'Missing workflow';
export const PREVIEW_NODES_NOT_ARRAY = 'Must have an array of nodes';
export const PREVIEW_FAILED = 'Unable to preview workflow';

type Phase = 'starting' | 'sent' | 'ready' | 'error';

function parse(data: unknown): { command?: string; message?: string } {
  if (typeof data !== 'string') return {};
  try {
    const v = JSON.parse(data) as unknown;
    return typeof v === 'object' && v !== null ? (v as { command?: string; message?: string }) : {};
  } catch {
    return {};
  }
}

export function previewProblem(workflow: TemplateWorkflowJson | undefined): string | undefined {
  if (!workflow) return PREVIEW_MISSING_WORKFLOW;
  if (!Array.isArray(workflow.nodes)) return PREVIEW_NODES_NOT_ARRAY;
  return undefined;
}

export function TemplatePreview({ workflow }: { workflow: TemplateWorkflowJson | undefined }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [phase, setPhase] = useState<Phase>('starting');
  const [error, setError] = useState<string | undefined>();
  const [ndvOpen, setNdvOpen] = useState(false);
  const problem = previewProblem(workflow);

  useEffect(() => {
    if (problem) return;
    let current: Phase = 'starting';
    const move = (next: Phase) => {
      current = next;
      setPhase(next);
    };
    move('starting');
    setError(undefined);
    const onMessage = (e: MessageEvent) => {
      const win = frame.current?.contentWindow;
      if (!win || e.source !== win || e.origin !== window.location.origin) return;
      const m = parse(e.data);
      if (m.command === 'n8nReady') {
        if (current === 'starting') {
          win.postMessage(JSON.stringify({ command: 'openWorkflow', workflow }), window.location.origin);
          move('sent');
        } else if (current === 'sent') move('ready');
      } else if (m.command === 'error') {
        setError(PREVIEW_FAILED);
        move('error');
      } else if (m.command === 'openNDV') setNdvOpen(true);
      else if (m.command === 'closeNDV') setNdvOpen(false);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [workflow, problem]);

  const shownError = problem ?? error;
  if (shownError) {
    return (
      <div className="template-preview template-preview-error" role="alert" data-testid="template-preview-error">
        <strong>{PREVIEW_ERROR_TITLE}</strong>
        <span>{shownError}</span>
      </div>
    );
  }
  return (
    <div className={`template-preview${ndvOpen ? ' template-preview-ndv' : ''}`} data-testid="template-preview" data-phase={phase} data-ndv={ndvOpen ? 'open' : 'closed'}>
      {phase !== 'ready' && <div className="template-preview-loading">Loading preview…</div>}
      <iframe ref={frame} src={`${basePath}workflows/demo`} title="Workflow preview" className="template-preview-frame" style={{ visibility: phase === 'ready' ? 'visible' : 'hidden' }} data-testid="template-preview-frame" />
    </div>
  );
}
