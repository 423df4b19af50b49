// Where the instance stands with accounts (spec 000 §2, §4): has an owner been set up, was setup
// skipped, and may it be (only while the server listens on a loopback address). Kept in memory,
// changed only through this class, so every request reads it without a query.
import type { SettingsRepository } from '../db/repositories/settings.ts';
import type { UsersRepository } from '../db/repositories/users.ts';
import { isLoopbackHost } from './requestChecks.ts';

const SKIP_KEY = 'userManagement.skipInstanceOwnerSetup';

export class UserManagement {
  readonly loopback: boolean;
  #ownerExists = false;
  #skipped = false;
  readonly #settings: SettingsRepository;

  private constructor(host: string, settings: SettingsRepository) {
    this.loopback = isLoopbackHost(host);
    this.#settings = settings;
  }

  static async load(host: string, users: UsersRepository, settings: SettingsRepository): Promise<UserManagement> {
    const um = new UserManagement(host, settings);
    um.#ownerExists = !!(await users.getOwner());
    um.#skipped = (await settings.get<boolean>(SKIP_KEY)) === true;
    return um;
  }

  get ownerExists(): boolean {
    return this.#ownerExists;
  }

  /** No owner: requests run as the default user (allowed on loopback only). */
  get defaultMode(): boolean {
    return !this.#ownerExists && this.loopback;
  }

  /** No owner on a non-loopback address: everything but setup is refused. */
  get setupRequired(): boolean {
    return !this.#ownerExists && !this.loopback;
  }

  get showSetupOnFirstLoad(): boolean {
    return !this.#ownerExists && (!this.#skipped || !this.loopback);
  }

  get canSkipSetup(): boolean {
    return !this.#ownerExists && this.loopback;
  }

  ownerCreated(): void {
    this.#ownerExists = true;
  }

  async skipSetup(): Promise<void> {
    await this.#settings.set(SKIP_KEY, true, true);
    this.#skipped = true;
  }
}
