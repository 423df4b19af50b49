// 'Use workflow' (spec 001 §2.1 WorkflowTemplate, §8): the template's workflow from the templates
// host, opened as a new unsaved workflow named after it. A template that cannot be loaded says
// 'Template not found' and the caller goes on to a new workflow.
import { DEFAULT_WORKFLOW_NAME } from '../../model/constants.ts';
import type { IConnections, INode, IWorkflowSettings } from '../../model/workflow.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { reportRepairs, resetView } from './openWorkflow.ts';

export const TEMPLATE_NOT_FOUND = 'Template not found';

export async function openTemplate(root: RootStore, id: number): Promise<boolean> {
  resetView(root);
  root.ui.setReadOnly(false);
  root.workflow.load({ name: DEFAULT_WORKFLOW_NAME, active: false, nodes: [], connections: {}, settings: { executionOrder: 'v1' } });
  try {
    root.templates.configure(root.settings.settings);
    const t = await root.templates.workflowToImport(id);
    const report = root.workflow.load({
      name: t.name.slice(0, 128),
      active: false,
      nodes: t.workflow.nodes as INode[],
      connections: t.workflow.connections as IConnections,
      settings: { executionOrder: 'v1', ...(t.workflow.settings as IWorkflowSettings | undefined) },
    });
    reportRepairs(root, report);
    root.workflow.markUnsaved();
    return true;
  } catch (e) {
    // The host's own words when they add something to the title ("could not reach", a status).
    const why = e instanceof Error ? e.message.trim() : String(e);
    const reason = why && why.replace(/\.$/, '').toLowerCase() !== TEMPLATE_NOT_FOUND.toLowerCase() ? why.replace(/\.?$/, '.') : `The templates host has no template ${id}.`;
    root.ui.toasts.error(TEMPLATE_NOT_FOUND, `${reason} A new, empty workflow is open instead.`);
    return false;
  }
}
