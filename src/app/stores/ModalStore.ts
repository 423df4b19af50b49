// Modals registered by the spec's names (spec 002 §2); they stack, the top one is active.
import { action, computed, makeObservable, observable } from 'mobx';

export const MODAL_NAMES = [
  'about',
  'changePassword',
  'editCredential',
  'selectCredential',
  'deleteUser',
  'inviteUser',
  'duplicate',
  'tagsManager',
  'workflowOpen',
  'versions',
  'settings',
  'credentialsList',
  'personalization',
  'contactPrompt',
  'valueSurvey',
  'executions',
  'activation',
  'onboardingCallSignup',
  'communityPackageInstall',
  'communityPackageManageConfirm',
] as const;

export type ModalName = (typeof MODAL_NAMES)[number];

export interface ModalState {
  open: boolean;
  mode?: string;
  activeId?: string;
}

export class ModalStore {
  readonly state = observable.map<ModalName, ModalState>();
  readonly stack = observable.array<ModalName>([], { deep: false });

  constructor() {
    for (const name of MODAL_NAMES) this.state.set(name, { open: false });
    makeObservable(this, { open: action, close: action, closeAll: action, active: computed });
  }

  open(name: ModalName, options: { mode?: string; activeId?: string } = {}): void {
    this.state.set(name, { open: true, ...options });
    const i = this.stack.indexOf(name);
    if (i >= 0) this.stack.splice(i, 1);
    this.stack.push(name);
  }

  close(name: ModalName): void {
    this.state.set(name, { open: false });
    const i = this.stack.indexOf(name);
    if (i >= 0) this.stack.splice(i, 1);
  }

  /** Signing out leaves nothing of the previous user's dialogs open. */
  closeAll(): void {
    for (const name of [...this.stack]) this.close(name);
  }

  isOpen(name: ModalName): boolean {
    return this.state.get(name)?.open ?? false;
  }

  get active(): ModalName | undefined {
    return this.stack.length ? this.stack[this.stack.length - 1] : undefined;
  }
}
