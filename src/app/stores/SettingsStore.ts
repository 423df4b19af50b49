// Server settings (GET /rest/settings), loaded at startup and again after owner setup.
import { action, computed, makeObservable, observableRef } from 'mobx';
import type { FrontendSettings } from '../../model/api.ts';
import { DEFAULT_TIMEZONE } from '../../model/constants.ts';
import { getSettings } from '../api/settings.ts';

export class SettingsStore {
  settings: FrontendSettings | undefined = undefined;

  constructor() {
    makeObservable(this, { settings: observableRef, set: action, setUserManagement: action, smtpSetup: computed, timezone: computed, version: computed });
  }

  set(settings: FrontendSettings): void {
    this.settings = settings;
  }

  /** After owner setup or a skipped setup, before (or instead of) the settings are read again. */
  setUserManagement(patch: Partial<FrontendSettings['userManagement']>): void {
    if (this.settings) this.settings = { ...this.settings, userManagement: { ...this.settings.userManagement, ...patch } };
  }

  get smtpSetup(): boolean {
    return this.settings?.userManagement.smtpSetup ?? false;
  }

  async load(): Promise<void> {
    this.set(await getSettings());
  }

  get timezone(): string {
    return this.settings?.timezone ?? DEFAULT_TIMEZONE;
  }

  get version(): string {
    return this.settings?.versionCli ?? '';
  }
}
