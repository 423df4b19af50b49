// Creates the editor's stores once and wires push into them. Views get it via useStores().
import { WorkflowStore } from './WorkflowStore.ts';
import { NodeTypesStore } from './NodeTypesStore.ts';
import { SettingsStore } from './SettingsStore.ts';
import { UIStore } from './UIStore.ts';
import { RunStore } from './RunStore.ts';
import { CredentialsStore } from './CredentialsStore.ts';
import { UsersStore } from './UsersStore.ts';
import { TagsStore } from './TagsStore.ts';
import { CommunityPackagesStore } from './CommunityPackagesStore.ts';
import { PushConnection } from '../push/PushConnection.ts';
import { PushHandler } from '../push/PushHandler.ts';
import { createLayoutService } from '../workers/layoutService.ts';
import { setUnauthorizedHandler } from '../api/unauthorized.ts';
import { isSessionEnded } from '../api/errors.ts';
import { getCurrentUser, login } from '../api/users.ts';
import { routerBase } from '../basePath.ts';
import type { LoginPayload } from '../../model/api.ts';
import { pathUnderBase, reauthOutcome, sessionEndOutcome, type ReauthOutcome } from './sessionEnd.ts';
import { VersionsStore } from './VersionsStore.ts';
import { TemplatesStore } from './TemplatesStore.ts';
import { PromptsStore } from '../prompts/flow.ts';

/** The shown page's path under the base path. */
function routePath(): string {
  return typeof location === 'undefined' ? '/' : pathUnderBase(location.pathname, routerBase);
}

export class RootStore {
  readonly workflow = new WorkflowStore();
  readonly nodeTypes = new NodeTypesStore();
  readonly settings = new SettingsStore();
  readonly run = new RunStore();
  readonly ui = new UIStore(this.workflow);
  readonly credentials = new CredentialsStore(this.ui.modals);
  readonly users = new UsersStore();
  readonly tags = new TagsStore(this.workflow);
  readonly communityPackages = new CommunityPackagesStore();
  readonly versions = new VersionsStore();
  readonly templates = new TemplatesStore();
  readonly prompts = new PromptsStore();
  readonly pushHandler = new PushHandler(this);
  // A dropped stream may be an ended session (the server closes the streams of a changed
  // password or a deleted user): asked at once rather than at the next click.
  readonly push = new PushConnection(this.pushHandler.receive, () => void this.checkSession());
  /** Tidy up's layout worker (started on first use). */
  readonly layout = createLayoutService((message) => this.ui.toasts.show({ kind: 'warning', title: 'Layout runs on the main thread', message }));

  /** The shown page's path under the base path (tests replace it). */
  currentPath: () => string = routePath;
  private checkingSession = false;

  constructor() {
    // Any REST call answering 401 means the session is gone: see sessionEnded.
    setUnauthorizedHandler(() => this.sessionEnded());
  }

  /**
   * The server no longer knows this tab's session (not the sign-in pages' own 401s). With
   * unsaved work in the editor the page stays and the session-ended dialog asks to sign in
   * again over it; otherwise the guard sends to sign-in, with a way back to the page.
   */
  sessionEnded(): void {
    const { users } = this;
    if (!users.currentUser || users.sessionLost) return;
    if (sessionEndOutcome({ dirty: this.workflow.dirty, readOnly: this.ui.readOnly, path: this.currentPath() }) === 'reauth') {
      users.loseSession();
      return;
    }
    users.sessionEnded();
    this.ui.toasts.show({ kind: 'info', title: 'You were signed out', message: 'Your session ended. Sign in again to continue.' });
  }

  /** GET /login: a 401 is a lost session (handled now); a failure to reach the server is not. */
  async checkSession(): Promise<void> {
    if (!this.users.currentUser || this.users.sessionLost || this.checkingSession) return;
    this.checkingSession = true;
    try {
      await getCurrentUser();
    } catch (e) {
      if (isSessionEnded(e)) this.sessionEnded();
    } finally {
      this.checkingSession = false;
    }
  }

  /**
   * The session-ended dialog's sign-in (the sign-in page's call: its 401 and 429 are the
   * dialog's to show). The same user resumes where they were; another user's sign-in drops the
   * unsaved work of the previous one (the caller asked first and then goes home).
   */
  async signInAgain(payload: LoginPayload): Promise<ReauthOutcome> {
    const lost = this.users.currentUser;
    const user = await login(payload);
    // Another user: authSync closes the previous user's dialogs; the editor's unsaved work goes
    // when the caller leaves the editor (the view is unmounted, not asked to save).
    this.users.setCurrentUser(user);
    return lost ? reauthOutcome(lost.id, user.id) : 'discard';
  }

  /**
   * 'Sign in as someone else' from the session-ended dialog (after its confirm): to the sign-in
   * page without a way back; the editor and its unsaved work are left, not asked to save.
   */
  abandonSession(): void {
    this.users.markSignedOut();
  }

  /** A dialog is open over the editor (registered modal, the unsaved-changes prompt, the session-ended dialog). */
  modalOpen(): boolean {
    return this.ui.modals.active !== undefined || this.ui.unsavedPrompt !== undefined || this.users.sessionLost;
  }
}
