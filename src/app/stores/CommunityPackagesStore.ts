// The installed community packages (GET /nodes) and npm's package count, for the settings page
// /settings/community-nodes and its two modals (spec 000 §2, 002 §2, §4). Install, update and
// uninstall change the list here; the node types they bring or take come by push
// (reloadNodeType / removeNodeType, handled in push/PushHandler.ts).
import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { CommunityPackage } from '../../model/communityPackages.ts';
import {
  getCommunityPackageCount,
  getInstalledCommunityPackages,
  installCommunityPackage,
  uninstallCommunityPackage,
  updateCommunityPackage,
} from '../api/communityPackages.ts';

export type PackageCountState = { kind: 'loading' } | { kind: 'known'; count: number } | { kind: 'unknown'; reason: string };

export class CommunityPackagesStore {
  installed: CommunityPackage[] = [];
  loaded = false;
  /** npm's count of community node packages, for the empty state's text. */
  count: PackageCountState = { kind: 'loading' };

  constructor() {
    makeObservable<CommunityPackagesStore, 'upsert' | 'remove'>(this, {
      installed: observableRef,
      loaded: observable,
      count: observableRef,
      set: action,
      setCount: action,
      upsert: action,
      remove: action,
      sorted: computed,
    });
  }

  /** By package name, as n8n's list. */
  get sorted(): CommunityPackage[] {
    return [...this.installed].sort((a, b) => a.packageName.localeCompare(b.packageName));
  }

  byName(name: string): CommunityPackage | undefined {
    return this.installed.find((p) => p.packageName === name);
  }

  set(list: CommunityPackage[]): void {
    this.installed = list;
    this.loaded = true;
  }

  setCount(count: PackageCountState): void {
    this.count = count;
  }

  async fetchInstalled(): Promise<void> {
    this.set(await getInstalledCommunityPackages());
  }

  /** Never throws: an unknown count only means the generic empty-state text. */
  async fetchCount(): Promise<void> {
    if (this.count.kind === 'known') return;
    try {
      const { count } = await getCommunityPackageCount();
      this.setCount({ kind: 'known', count });
    } catch (e) {
      this.setCount({ kind: 'unknown', reason: e instanceof Error ? e.message : String(e) });
    }
  }

  async install(name: string, version?: string): Promise<CommunityPackage> {
    const pkg = await installCommunityPackage(name, version);
    this.upsert(pkg);
    // The install's answer does not say whether npm has a newer version (an older one asked for
    // with name@version): the list does.
    this.fetchInstalled().catch(() => undefined);
    return pkg;
  }

  async update(name: string): Promise<CommunityPackage> {
    const pkg = await updateCommunityPackage(name);
    this.upsert(pkg);
    return pkg;
  }

  async uninstall(name: string): Promise<void> {
    await uninstallCommunityPackage(name);
    this.remove(name);
  }

  private upsert(pkg: CommunityPackage): void {
    this.installed = [...this.installed.filter((p) => p.packageName !== pkg.packageName), pkg];
    this.loaded = true;
  }

  private remove(name: string): void {
    this.installed = this.installed.filter((p) => p.packageName !== name);
  }
}
