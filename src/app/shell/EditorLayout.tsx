// Header + sidebar + content, shared by the editor and execution routes, with the dialogs the
// sidebar's menus open.
import type { ReactNode } from 'react';
import { Sidebar, type SidebarActions } from './Sidebar.tsx';
import { DuplicateWorkflowDialog } from '../dialogs/DuplicateWorkflowDialog.tsx';
import './shell.css';

export function EditorLayout({ header, children, actions }: { header: ReactNode; children: ReactNode; actions: SidebarActions }) {
  return (
    <div className="app-shell">
      <Sidebar actions={actions} />
      <div className="app-main">
        {header}
        <main className="app-content">{children}</main>
      </div>
      <DuplicateWorkflowDialog />
    </div>
  );
}
