// The frame of the gallery pages: the editor's sidebar and a header naming the page.
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { holdPreviewFrame } from './previewFrame.ts';
import { Link, useLocation } from 'wouter';
import { useStores } from '../stores/context.ts';
import { EditorLayout } from '../shell/EditorLayout.tsx';
import { guardedNavigate } from '../navigation.ts';
import './templates.css';

export function useNewWorkflow(): () => void {
  const root = useStores();
  const [, navigate] = useLocation();
  return useCallback(() => void guardedNavigate(root, navigate, '/workflow'), [root, navigate]);
}

export function TemplatesLayout({ crumb, children }: { crumb?: ReactNode; children: ReactNode }) {
  const newWorkflow = useNewWorkflow();
  // The preview frame boots while the user browses, so a template's preview is quick to show.
  useEffect(() => holdPreviewFrame(), []);
  const actions = useMemo(() => ({ onWorkflowPage: false, newWorkflow }), [newWorkflow]);
  const header = (
    <header className="app-header">
      <div className="header-left templates-crumbs">
        <Link href="/templates/" className="templates-crumb-root">
          Templates
        </Link>
        {crumb && (
          <>
            <span className="templates-crumb-sep" aria-hidden>
              /
            </span>
            <span className="templates-crumb">{crumb}</span>
          </>
        )}
      </div>
    </header>
  );
  return (
    <EditorLayout header={header} actions={actions}>
      <div className="templates-page" data-testid="templates-page">
        {children}
      </div>
    </EditorLayout>
  );
}
