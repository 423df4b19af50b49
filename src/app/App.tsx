// Routes (spec 000 §2, 001 §2.1) under the base path, each behind the access rules of
// routes/access.ts, plus the app-wide layers.
import type { ComponentType } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { routerBase } from './basePath.ts';
import { RouteGuard } from './routes/RouteGuard.tsx';
import type { RouteName } from './routes/access.ts';
import { ExecutionView, NodeView, WallView, WorkflowDemoView } from './views/lazyViews.ts';
// The wall's view loads on demand; its styles must be in main.css (esbuild.config.mjs checks).
import './wall/wall.css';
import { NotFoundView } from './views/NotFoundView.tsx';
import { Toasts } from './toasts/Toasts.tsx';
import { UnsavedChangesDialog } from './dialogs/UnsavedChangesDialog.tsx';
import { AboutDialog } from './dialogs/AboutDialog.tsx';
import { VersionsDrawer } from './versions/VersionsDrawer.tsx';
import { WorkflowOpenDialog } from './dialogs/WorkflowOpenDialog.tsx';
import { ExecutionsDialog } from './dialogs/ExecutionsDialog.tsx';
import { RenameNodeDialog } from './dialogs/RenameNodeDialog.tsx';
import { ImportUrlDialog } from './dialogs/ImportUrlDialog.tsx';
import { ChangePasswordDialog } from './dialogs/ChangePasswordDialog.tsx';
import { InviteUserDialog } from './dialogs/InviteUserDialog.tsx';
import { DeleteUserDialog } from './dialogs/DeleteUserDialog.tsx';
import { SessionEndedDialog } from './dialogs/SessionEndedDialog.tsx';
import { CredentialEditDialog } from './credentials/CredentialEditDialog.tsx';
import { CredentialsListDialog } from './credentials/CredentialsListDialog.tsx';
import { CredentialSelectDialog } from './credentials/CredentialSelectDialog.tsx';
import { SigninView } from './auth/SigninView.tsx';
import { SignupView } from './auth/SignupView.tsx';
import { SetupView } from './auth/SetupView.tsx';
import { ForgotMyPasswordView } from './auth/ForgotMyPasswordView.tsx';
import { ChangePasswordView } from './auth/ChangePasswordView.tsx';
import { PersonalSettings } from './settings/PersonalSettings.tsx';
import { UsersSettings } from './settings/UsersSettings.tsx';
import { APISettings } from './settings/APISettings.tsx';
import { CommunityNodes } from './settings/CommunityNodes.tsx';
import { ComingSoonView } from './settings/ComingSoonView.tsx';
import { FeedbackSettings } from './settings/FeedbackSettings.tsx';
import { PersonalizationModal } from './prompts/PersonalizationModal.tsx';
import { ValueSurveyDrawer } from './prompts/ValueSurveyDrawer.tsx';
import { ContactPromptModal } from './prompts/ContactPromptModal.tsx';
import { OnboardingCallModal } from './prompts/OnboardingCallModal.tsx';
import { PromptsHost } from './prompts/PromptsHost.tsx';
import { TemplatesSearchView } from './templates/TemplatesSearchView.tsx';
import { TemplatesWorkflowView } from './templates/TemplatesWorkflowView.tsx';
import { TemplatesCollectionView } from './templates/TemplatesCollectionView.tsx';
import { CommunityPackageInstallDialog } from './dialogs/CommunityPackageInstallDialog.tsx';
import { CommunityPackageManageConfirmDialog } from './dialogs/CommunityPackageManageConfirmDialog.tsx';

/** The routes that are a view behind its guard, in matching order: [path, route name, view]. */
const ROUTES: Array<[path: string, name: RouteName, view?: ComponentType]> = [
  ['/execution/:id', 'ExecutionById', ExecutionView],
  ['/workflows/demo', 'WorkflowDemo', WorkflowDemoView],
  ['/wall', 'WallView', WallView],
  ['/signin', 'SigninView', SigninView],
  ['/signup', 'SignupView', SignupView],
  ['/setup', 'SetupView', SetupView],
  ['/forgot-password', 'ForgotMyPasswordView', ForgotMyPasswordView],
  ['/change-password', 'ChangePasswordView', ChangePasswordView],
  // No view: the guard only redirects to the first settings page the user may open.
  ['/settings', 'Settings'],
  ['/settings/personal', 'PersonalSettings', PersonalSettings],
  ['/settings/users', 'UsersSettings', UsersSettings],
  ['/settings/api', 'APISettings', APISettings],
  ['/settings/community-nodes', 'CommunityNodes', CommunityNodes],
  ['/settings/feedback', 'FeedbackSettings', FeedbackSettings],
  ['/settings/coming-soon/:featureId', 'ComingSoon', ComingSoonView],
  ['/templates', 'TemplatesSearchView', TemplatesSearchView],
  ['/templates/', 'TemplatesSearchView', TemplatesSearchView],
  ['/templates/:id', 'TemplatesWorkflowView', TemplatesWorkflowView],
  ['/collections/:id', 'TemplatesCollectionView', TemplatesCollectionView],
];

export function App() {
  return (
    <Router base={routerBase}>
      <Switch>
        <Route path="/">
          <RouteGuard name="Homepage">
            {/* Keyed: the Switch reuses elements across routes, and a reused Redirect would not fire again. */}
            <Redirect key="homepage" to="/workflow" replace />
          </RouteGuard>
        </Route>
        {/* One route for new and existing, so saving (/workflow → /workflow/<id>) keeps the view. */}
        <Route path="/workflow/:name?">
          {(params) => (
            <RouteGuard name={params.name ? 'NodeViewExisting' : 'NodeViewNew'}>
              <NodeView />
            </RouteGuard>
          )}
        </Route>
        <Route path="/workflows/templates/:id">
          {(params) => (
            <RouteGuard name="WorkflowTemplate">
              <NodeView templateId={params.id} />
            </RouteGuard>
          )}
        </Route>
        {/* No keys: the Switch renders only the match, and keys would remount the guard between routes. */}
        {ROUTES.map(([path, name, View]) => (
          <Route path={path}>
            <RouteGuard name={name}>{View && <View />}</RouteGuard>
          </Route>
        ))}
        <Route>
          <RouteGuard name="NotFoundView">
            <NotFoundView />
          </RouteGuard>
        </Route>
      </Switch>
      <UnsavedChangesDialog />
      <AboutDialog />
      <VersionsDrawer />
      <WorkflowOpenDialog />
      <ExecutionsDialog />
      <RenameNodeDialog />
      <ImportUrlDialog />
      {/* Over the list, the picker and the edit modal render inside it (CredentialsListDialog). */}
      <CredentialsListDialog />
      <CredentialSelectDialog />
      <CredentialEditDialog />
      <ChangePasswordDialog />
      <InviteUserDialog />
      <DeleteUserDialog />
      <CommunityPackageInstallDialog />
      <CommunityPackageManageConfirmDialog />
      <PromptsHost />
      <PersonalizationModal />
      <ContactPromptModal />
      <OnboardingCallModal />
      <ValueSurveyDrawer />
      {/* Last: over any other dialog that was open when the session ended. */}
      <SessionEndedDialog />
      <Toasts />
    </Router>
  );
}
