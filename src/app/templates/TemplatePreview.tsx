// The live preview of a template (spec 000 §2 preview rules): the embedded demo view
// (/workflows/demo) in a frame (the warm one of previewFrame.ts), sent the workflow once it says
// it is ready, and shown only after it has loaded it. An error from it hides the frame and says
// why; while its node details view is open the frame grows so the panel fits.
import { useEffect, useRef, useState } from 'react';
import { showPreview } from './previewFrame.ts';
import type { TemplateWorkflowJson } from '../../model/templates.ts';

export const PREVIEW_ERROR_TITLE = 'Preview error';
export const PREVIEW_MISSING_WORKFLOW = 'Missing workflow';
export const PREVIEW_NODES_NOT_ARRAY = 'Must have an array of nodes';
export const PREVIEW_FAILED = 'Unable to preview workflow';

type Phase = 'starting' | 'sent' | 'ready' | 'error';

export function previewProblem(workflow: TemplateWorkflowJson | undefined): string | undefined {
  if (!workflow) return PREVIEW_MISSING_WORKFLOW;
  if (!Array.isArray(workflow.nodes)) return PREVIEW_NODES_NOT_ARRAY;
  return undefined;
}

export function TemplatePreview({ workflow }: { workflow: TemplateWorkflowJson | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('starting');
  const [error, setError] = useState<string | undefined>();
  const [ndvOpen, setNdvOpen] = useState(false);
  const problem = previewProblem(workflow);

  useEffect(() => {
    if (problem || !box.current) return;
    setPhase('sent');
    setError(undefined);
    return showPreview(box.current, workflow, {
      onReady: () => setPhase('ready'),
      onError: () => {
        setError(PREVIEW_FAILED);
        setPhase('error');
      },
      onNdv: setNdvOpen,
    });
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
  // The frame itself is the warm one of previewFrame.ts, laid over this box.
  return (
    <div ref={box} className={`template-preview${ndvOpen ? ' template-preview-ndv' : ''}`} data-testid="template-preview" data-phase={phase} data-ndv={ndvOpen ? 'open' : 'closed'}>
      {phase !== 'ready' && <div className="template-preview-loading">Loading preview…</div>}
    </div>
  );
}
