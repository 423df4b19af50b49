// Routes (spec 000 §2, 001 §2.1) under the base path, plus the app-wide layers.
import { Redirect, Route, Router, Switch } from 'wouter';
import { routerBase } from './basePath.ts';
import { NodeView } from './views/NodeView.tsx';
import { ExecutionView } from './views/ExecutionView.tsx';
import { NotFoundView } from './views/NotFoundView.tsx';
import { Toasts } from './toasts/Toasts.tsx';
import { UnsavedChangesDialog } from './dialogs/UnsavedChangesDialog.tsx';
import { AboutDialog } from './dialogs/AboutDialog.tsx';
import { WorkflowOpenDialog } from './dialogs/WorkflowOpenDialog.tsx';
import { RenameNodeDialog } from './dialogs/RenameNodeDialog.tsx';
import { ImportUrlDialog } from './dialogs/ImportUrlDialog.tsx';
import { WorkflowDemoView } from './views/WorkflowDemoView.tsx';
import { CredentialEditDialog } from './credentials/CredentialEditDialog.tsx';

export function App() {
  return (
    <Router base={routerBase}>
      <Switch>
        <Route path="/">
          <Redirect to="/workflow" replace />
        </Route>
        <Route path="/workflow/:name?" component={NodeView} />
        <Route path="/execution/:id" component={ExecutionView} />
        <Route path="/workflows/demo" component={WorkflowDemoView} />
        <Route component={NotFoundView} />
      </Switch>
      <UnsavedChangesDialog />
      <AboutDialog />
      <WorkflowOpenDialog />
      <RenameNodeDialog />
      <ImportUrlDialog />
      <CredentialEditDialog />
      <Toasts />
    </Router>
  );
}
