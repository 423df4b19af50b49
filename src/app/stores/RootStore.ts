// Creates the editor's stores once and wires push into them. Views get it via useStores().
import { WorkflowStore } from './WorkflowStore.ts';
import { NodeTypesStore } from './NodeTypesStore.ts';
import { SettingsStore } from './SettingsStore.ts';
import { UIStore } from './UIStore.ts';
import { RunStore } from './RunStore.ts';
import { CredentialsStore } from './CredentialsStore.ts';
import { UsersStore } from './UsersStore.ts';
import { PushConnection } from '../push/PushConnection.ts';
import { PushHandler } from '../push/PushHandler.ts';
import { createLayoutService } from '../workers/layoutService.ts';
import { setUnauthorizedHandler } from '../api/unauthorized.ts';

export class RootStore {
  readonly workflow = new WorkflowStore();
  readonly nodeTypes = new NodeTypesStore();
  readonly settings = new SettingsStore();
  readonly run = new RunStore();
  readonly ui = new UIStore(this.workflow);
  readonly credentials = new CredentialsStore(this.ui.modals);
  readonly users = new UsersStore();
  readonly pushHandler = new PushHandler(this);
  readonly push = new PushConnection(this.pushHandler.receive);
  /** Tidy up's layout worker (started on first use). */
  readonly layout = createLayoutService((message) => this.ui.toasts.show({ kind: 'warning', title: 'Layout runs on the main thread', message }));

  constructor() {
    // Any REST call answering 401 means the session is gone: the guard then sends to sign-in.
    setUnauthorizedHandler(() => this.sessionEnded());
  }

  /** The server no longer knows this tab's session (not the sign-in pages' own 401s). */
  sessionEnded(): void {
    if (!this.users.currentUser) return;
    this.users.sessionEnded();
    this.ui.toasts.show({ kind: 'info', title: 'You were signed out', message: 'Your session ended. Sign in again to continue.' });
  }

  /** A dialog is open over the editor (registered modal or the unsaved-changes prompt). */
  modalOpen(): boolean {
    return this.ui.modals.active !== undefined || this.ui.unsavedPrompt !== undefined;
  }
}
