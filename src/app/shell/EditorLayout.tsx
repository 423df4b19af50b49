// Header + sidebar + content, shared by the editor and execution routes.
import type { ReactNode } from 'react';
import { Sidebar } from './Sidebar.tsx';
import './shell.css';

export function EditorLayout({ header, children, onNewWorkflow }: { header: ReactNode; children: ReactNode; onNewWorkflow: () => void }) {
  return (
    <div className="app-shell">
      <Sidebar onNewWorkflow={onNewWorkflow} />
      <div className="app-main">
        {header}
        <main className="app-content">{children}</main>
      </div>
    </div>
  );
}
