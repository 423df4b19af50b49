// Version notifications (spec 000 §7, 002 §2 versions drawer, §4): the releases newer than this
// one, and this one's entry (its security flags), from the feed the settings name. Fetch errors
// are ignored (spec 000 §8): the sidebar then shows no updates.
import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { FrontendSettings, VersionInfo } from '../../model/api.ts';
import { compareVersionNames, fetchVersions } from '../versions/versionsFeed.ts';

export class VersionsStore {
  nextVersions: VersionInfo[] = [];
  currentVersion: VersionInfo | undefined = undefined;
  infoUrl = '';

  constructor() {
    makeObservable(this, { nextVersions: observableRef, currentVersion: observableRef, infoUrl: observable, set: action, securityWarning: computed });
  }

  set(versions: VersionInfo[], current: string, infoUrl: string): void {
    this.nextVersions = versions.filter((v) => compareVersionNames(v.name, current) > 0).sort((a, b) => compareVersionNames(b.name, a.name));
    this.currentVersion = versions.find((v) => v.name.replace(/^v/, '') === current.replace(/^v/, ''));
    this.infoUrl = /^https?:\/\//i.test(infoUrl) ? infoUrl : '';
  }

  /** Asks the feed once settings are known; true when it answered. */
  async load(settings: Pick<FrontendSettings, 'versionNotifications' | 'versionCli' | 'instanceId'>): Promise<boolean> {
    const { enabled, endpoint, infoUrl } = settings.versionNotifications;
    if (!enabled || !endpoint || !settings.versionCli) return false;
    try {
      this.set(await fetchVersions(endpoint, settings.versionCli, settings.instanceId), settings.versionCli, infoUrl);
      return true;
    } catch {
      return false;
    }
  }

  /** The security warning's text (spec 002 §4), when this version has a known security issue. */
  get securityWarning(): string | undefined {
    const current = this.currentVersion;
    if (!current?.hasSecurityIssue || this.nextVersions.length === 0) return undefined;
    const fix = current.securityIssueFixVersion;
    return fix ? `This version has a security issue. Please update to version ${fix} or higher.` : 'This version has a security issue. Please update to the latest version.';
  }
}
