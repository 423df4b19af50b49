// The sidebar's Workflows submenu (spec 001 §2.3): new, open, save, duplicate, delete, download,
// import from URL and from file, with the spec's enabled rules (workflowMenuState.ts). The
// keyboard shortcuts shown are the ones the editor answers (useEditorShortcuts.ts).
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Button, Keyboard, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { Key } from 'react-aria-components';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import {
  faBoxOpen,
  faCopy,
  faDiagramProject,
  faFile,
  faFileArrowDown,
  faFileImport,
  faFloppyDisk,
  faFolderOpen,
  faGear,
  faLink,
  faTrashCan,
} from '@fortawesome/free-solid-svg-icons';
import type { Rect } from '../../model/pastePlan.ts';
import { useStores } from '../stores/context.ts';
import { Icon } from '../ui/Icon.tsx';
import { ConfirmDialog } from '../dialogs/ConfirmDialog.tsx';
import { WorkflowSettingsDialog } from '../dialogs/WorkflowSettingsDialog.tsx';
import { downloadWorkflow } from '../commands/downloadWorkflow.ts';
import { importWorkflowFile, promptImportUrl } from '../commands/importWorkflow.ts';
import { deleteOpenWorkflow, deleteQuestion } from '../commands/deleteWorkflow.ts';
import { guardedNavigate, markConfirmed } from '../navigation.ts';
import { workflowMenuEntries, type WorkflowMenuKey } from './workflowMenuState.ts';

/** What the page under the sidebar offers the menus. */
export interface SidebarActions {
  /** The editable workflow routes; elsewhere (a past execution) save, download and import are off. */
  onWorkflowPage: boolean;
  newWorkflow: () => void;
  save?: () => void;
  /** The canvas's visible world rectangle: imported nodes land in view. */
  viewport?: () => Rect | undefined;
}

/** Settings is shown, disabled off the workflow page and for an unsaved workflow (issue 12). */
const HAS_WORKFLOW_SETTINGS_DIALOG = true;

const ENTRIES: Record<WorkflowMenuKey, { label: string; icon: IconDefinition; shortcut?: string }> = {
  new: { label: 'New', icon: faFile, shortcut: 'Ctrl+Alt+N' },
  newFromTemplate: { label: 'New from template', icon: faBoxOpen },
  open: { label: 'Open…', icon: faFolderOpen, shortcut: 'Ctrl+O' },
  save: { label: 'Save', icon: faFloppyDisk, shortcut: 'Ctrl+S' },
  duplicate: { label: 'Duplicate…', icon: faCopy },
  delete: { label: 'Delete…', icon: faTrashCan },
  download: { label: 'Download', icon: faFileArrowDown },
  importUrl: { label: 'Import from URL…', icon: faLink },
  importFile: { label: 'Import from file…', icon: faFileImport },
  settings: { label: 'Settings', icon: faGear },
};

export const WorkflowsMenu = observer(function WorkflowsMenu({ actions }: { actions: SidebarActions }) {
  const root = useStores();
  const { workflow, settings, ui } = root;
  const [, navigate] = useLocation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const groups = workflowMenuEntries({
    onWorkflowPage: actions.onWorkflowPage,
    saved: workflow.isSaved,
    templates: !!settings.settings?.templates.enabled,
    workflowSettings: HAS_WORKFLOW_SETTINGS_DIALOG,
  });
  const disabledKeys = groups.flat().filter((e) => e.disabled).map((e) => e.key);
  const importContext = () => ({ viewport: actions.viewport?.() });

  const onAction = (key: Key) => {
    switch (key as WorkflowMenuKey) {
      case 'new':
        return actions.newWorkflow();
      case 'newFromTemplate':
        return void guardedNavigate(root, navigate, '/templates/');
      case 'open':
        return ui.modals.open('workflowOpen');
      case 'save':
        return actions.save?.();
      case 'duplicate':
        return ui.modals.open('duplicate');
      case 'delete':
        return setDeleteOpen(true);
      case 'download':
        return downloadWorkflow(root);
      case 'importUrl':
        return void promptImportUrl(root, importContext);
      case 'importFile':
        // Still inside the menu item's press: the browser allows opening the file picker.
        return fileInput.current?.click();
      case 'settings':
        return ui.modals.open('settings');
    }
  };

  const confirmDelete = async () => {
    setDeleting(true);
    const deleted = await deleteOpenWorkflow(root);
    setDeleting(false);
    setDeleteOpen(false);
    if (deleted) {
      // Nothing left to save: the new-workflow route opens without the unsaved-changes question.
      markConfirmed('/workflow');
      navigate('/workflow');
    }
  };

  return (
    <>
      <MenuTrigger>
        <TooltipTrigger delay={400}>
          <Button className="sidebar-entry" aria-label="Workflows" data-testid="sidebar-workflows">
            <Icon icon={faDiagramProject} />
          </Button>
          <Tooltip placement="right" offset={8} className="tooltip">
            Workflows
          </Tooltip>
        </TooltipTrigger>
        <Popover placement="right top" offset={8} className="menu-popover sidebar-menu-popover">
          <div className="menu-heading" aria-hidden>
            Workflows
          </div>
          <Menu className="menu" aria-label="Workflows" onAction={onAction} disabledKeys={disabledKeys} data-testid="workflows-menu">
            {groups.map((group, i) => (
              <MenuSection key={group[0].key} className="menu-section">
                {i > 0 && <Separator className="menu-separator" />}
                {group.map(({ key }) => {
                  const e = ENTRIES[key];
                  return (
                    <MenuItem key={key} id={key} className="menu-item" textValue={e.label} data-testid={`workflows-menu-${key}`}>
                      <Icon icon={e.icon} />
                      <span className="menu-item-label">{e.label}</span>
                      {e.shortcut && <Keyboard className="menu-item-shortcut">{e.shortcut}</Keyboard>}
                    </MenuItem>
                  );
                })}
              </MenuSection>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="import-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared, so choosing the same file again imports it again.
          e.target.value = '';
          if (file) void importWorkflowFile(root, file, importContext());
        }}
      />
      <ConfirmDialog
        open={deleteOpen}
        title="Delete workflow?"
        confirmLabel="Yes, delete"
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleteOpen(false)}
        testId="delete-workflow-dialog"
      >
        {deleteQuestion(workflow.name)} Its executions are deleted with it{workflow.active ? ', and it stops running' : ''}. This cannot be undone.
      </ConfirmDialog>
      {/* Modal 'settings': opened from this menu only, so it lives beside it. */}
      <WorkflowSettingsDialog />
    </>
  );
});
