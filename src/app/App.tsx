// Routes (spec 000 §2, 001 §2.1) under the base path, each behind the access rules of
// routes/access.ts, plus the app-wide layers.
import { Redirect, Route, Router, Switch } from 'wouter';
import { routerBase } from './basePath.ts';
import { RouteGuard } from './routes/RouteGuard.tsx';
import { NodeView } from './views/NodeView.tsx';
import { ExecutionView } from './views/ExecutionView.tsx';
import { NotFoundView } from './views/NotFoundView.tsx';
import { Toasts } from './toasts/Toasts.tsx';
import { UnsavedChangesDialog } from './dialogs/UnsavedChangesDialog.tsx';
import { AboutDialog } from './dialogs/AboutDialog.tsx';
import { WorkflowOpenDialog } from './dialogs/WorkflowOpenDialog.tsx';
import { RenameNodeDialog } from './dialogs/RenameNodeDialog.tsx';
import { ImportUrlDialog } from './dialogs/ImportUrlDialog.tsx';
import { ChangePasswordDialog } from './dialogs/ChangePasswordDialog.tsx';
import { InviteUserDialog } from './dialogs/InviteUserDialog.tsx';
import { DeleteUserDialog } from './dialogs/DeleteUserDialog.tsx';
import { WorkflowDemoView } from './views/WorkflowDemoView.tsx';
import { CredentialEditDialog } from './credentials/CredentialEditDialog.tsx';
import { SigninView } from './auth/SigninView.tsx';
import { SignupView } from './auth/SignupView.tsx';
import { SetupView } from './auth/SetupView.tsx';
import { ForgotMyPasswordView } from './auth/ForgotMyPasswordView.tsx';
import { ChangePasswordView } from './auth/ChangePasswordView.tsx';
import { PersonalSettings } from './settings/PersonalSettings.tsx';
import { UsersSettings } from './settings/UsersSettings.tsx';
import { APISettings } from './settings/APISettings.tsx';

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
        <Route path="/execution/:id">
          <RouteGuard name="ExecutionById">
            <ExecutionView />
          </RouteGuard>
        </Route>
        <Route path="/workflows/demo">
          <RouteGuard name="WorkflowDemo">
            <WorkflowDemoView />
          </RouteGuard>
        </Route>
        <Route path="/signin">
          <RouteGuard name="SigninView">
            <SigninView />
          </RouteGuard>
        </Route>
        <Route path="/signup">
          <RouteGuard name="SignupView">
            <SignupView />
          </RouteGuard>
        </Route>
        <Route path="/setup">
          <RouteGuard name="SetupView">
            <SetupView />
          </RouteGuard>
        </Route>
        <Route path="/forgot-password">
          <RouteGuard name="ForgotMyPasswordView">
            <ForgotMyPasswordView />
          </RouteGuard>
        </Route>
        <Route path="/change-password">
          <RouteGuard name="ChangePasswordView">
            <ChangePasswordView />
          </RouteGuard>
        </Route>
        <Route path="/settings">
          <RouteGuard name="Settings" />
        </Route>
        <Route path="/settings/personal">
          <RouteGuard name="PersonalSettings">
            <PersonalSettings />
          </RouteGuard>
        </Route>
        <Route path="/settings/users">
          <RouteGuard name="UsersSettings">
            <UsersSettings />
          </RouteGuard>
        </Route>
        <Route path="/settings/api">
          <RouteGuard name="APISettings">
            <APISettings />
          </RouteGuard>
        </Route>
        <Route>
          <RouteGuard name="NotFoundView">
            <NotFoundView />
          </RouteGuard>
        </Route>
      </Switch>
      <UnsavedChangesDialog />
      <AboutDialog />
      <WorkflowOpenDialog />
      <RenameNodeDialog />
      <ImportUrlDialog />
      <CredentialEditDialog />
      <ChangePasswordDialog />
      <InviteUserDialog />
      <DeleteUserDialog />
      <Toasts />
    </Router>
  );
}
