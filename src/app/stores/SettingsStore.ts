// Server settings (GET /rest/settings), loaded once at startup.
import { action, computed, makeObservable, observableRef } from 'mobx';
import type { FrontendSettings } from '../../model/api.ts';
import { DEFAULT_TIMEZONE } from '../../model/constants.ts';
import { getSettings } from '../api/settings.ts';

export class SettingsStore {
  settings: FrontendSettings | undefined = undefined;

  constructor() {
    makeObservable(this, { settings: observableRef, set: action, timezone: computed, version: computed });
  }

  set(settings: FrontendSettings): void {
    this.settings = settings;
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
