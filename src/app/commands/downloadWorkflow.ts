// Download (spec 001 §3 "Exported file"): the open workflow as n8n writes its download — what
// the editor holds now, unsaved edits included, as n8n does — saved by the browser under the
// workflow's name (see src/model/workflowExport.ts for the content and the name rule).
import { exportFileName, workflowExportData, type WorkflowExportFile } from '../../model/workflowExport.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { savePayload } from './savePayload.ts';

export function workflowExport(root: RootStore): { fileName: string; data: WorkflowExportFile } {
  const { workflow, settings } = root;
  const data = workflowExportData(savePayload(workflow), {
    id: workflow.isSaved ? workflow.workflowId : undefined,
    tags: workflow.tags,
    instanceId: settings.settings?.instanceId,
  });
  return { fileName: exportFileName(workflow.name), data };
}

export function downloadWorkflow(root: RootStore): void {
  const { fileName, data } = workflowExport(root);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the blob once the download started; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
