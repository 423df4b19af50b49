// Which entries the sidebar's Workflows submenu shows, and which are disabled (spec 001 §2.3):
// save, download and the imports are disabled off the workflow page (a past execution, say);
// duplicate, delete and settings also need a saved workflow. Entries whose page or dialog does
// not exist in this editor are left out rather than shown dead.

export type WorkflowMenuKey = 'new' | 'newFromTemplate' | 'open' | 'save' | 'duplicate' | 'delete' | 'download' | 'importUrl' | 'importFile' | 'settings';

export interface WorkflowMenuContext {
  /** The editable workflow routes (/workflow, /workflow/:name). */
  onWorkflowPage: boolean;
  /** The open workflow is stored (it has an id). */
  saved: boolean;
  /** settings.templates.enabled, and the editor has the template pages. */
  templates: boolean;
  /** The editor has the workflow settings dialog. */
  workflowSettings: boolean;
}

export interface WorkflowMenuEntry {
  key: WorkflowMenuKey;
  disabled: boolean;
}

/** The entries in menu order, grouped by the separators between them. */
export function workflowMenuEntries(ctx: WorkflowMenuContext): WorkflowMenuEntry[][] {
  const page = ctx.onWorkflowPage;
  const existing = page && ctx.saved;
  const groups: Array<Array<[WorkflowMenuKey, boolean, boolean]>> = [
    // [key, shown, enabled]
    [
      ['new', true, true],
      ['newFromTemplate', ctx.templates, true],
      ['open', true, true],
    ],
    [
      ['save', true, page],
      ['duplicate', true, existing],
      ['delete', true, existing],
    ],
    [
      ['download', true, page],
      ['importUrl', true, page],
      ['importFile', true, page],
    ],
    [['settings', ctx.workflowSettings, existing]],
  ];
  return groups.map((g) => g.filter(([, shown]) => shown).map(([key, , enabled]) => ({ key, disabled: !enabled }))).filter((g) => g.length > 0);
}
