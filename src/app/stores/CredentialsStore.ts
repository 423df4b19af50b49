// Credential types and stored credentials (spec 002 §2, §4, §7) for the NDV's credential
// selector and the credential modals. The list holds no data (the server never sends it there).
import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { ICredentialType } from '../../model/credentialTypes.ts';
import {
  createCredential,
  deleteCredential,
  getCredential,
  getCredentialTypes,
  getCredentials,
  updateCredential,
  type CredentialListItem,
  type CredentialWrite,
} from '../api/credentials.ts';
import type { ModalStore } from './ModalStore.ts';

/** Where a credential created in the edit modal goes once stored ('Create New' in a selector). */
export interface CredentialTarget {
  nodeId: string;
  type: string;
}

export class CredentialsStore {
  types: ICredentialType[] = [];
  typesLoaded = false;
  credentials: CredentialListItem[] = [];
  loaded = false;
  /** The node whose selector asked for 'Create New' (the new credential is selected there). */
  target: CredentialTarget | undefined = undefined;

  private loading: Promise<void> | undefined;
  /** Bumped by reset(): a list requested for the previous user is dropped. */
  private generation = 0;
  private readonly modals: ModalStore;

  constructor(modals: ModalStore) {
    this.modals = modals;
    makeObservable<CredentialsStore, 'setLoaded' | 'setTypes' | 'upsert' | 'remove'>(this, {
      types: observableRef,
      typesLoaded: observable,
      credentials: observableRef,
      loaded: observable,
      target: observableRef,
      typeByName: computed,
      setLoaded: action,
      setTypes: action,
      upsert: action,
      remove: action,
      forget: action,
      openNew: action,
      openEdit: action,
      takeTarget: action,
      reset: action,
    });
  }

  get typeByName(): Map<string, ICredentialType> {
    return new Map(this.types.map((t) => [t.name, t]));
  }

  type(name: string): ICredentialType | undefined {
    return this.typeByName.get(name);
  }

  ofType(type: string): CredentialListItem[] {
    return this.credentials.filter((c) => c.type === type);
  }

  byId(id: string): CredentialListItem | undefined {
    return this.credentials.find((c) => c.id === id);
  }

  /** Types and the list, once (again with `force`). */
  load(force = false): Promise<void> {
    if (this.loading && !force) return this.loading;
    const generation = this.generation;
    const p = Promise.all([this.typesLoaded && !force ? Promise.resolve(this.types) : getCredentialTypes(), getCredentials()]).then(([types, list]) => {
      if (generation === this.generation) this.setLoaded(types, list);
    });
    this.loading = p.catch((e: unknown) => {
      this.loading = undefined;
      throw e;
    });
    return this.loading;
  }

  /** The credential types read again (a community package brought or took some); the list is kept. */
  async reloadTypes(): Promise<void> {
    const generation = this.generation;
    const types = await getCredentialTypes();
    if (generation === this.generation) this.setTypes(types);
  }

  /**
   * The list read again (types kept): what changed since, OAuth states included (a run whose
   * token refresh the provider refused marks its credential 'reconnect').
   */
  async refreshList(): Promise<void> {
    if (!this.typesLoaded) return this.load();
    const generation = this.generation;
    const list = await getCredentials();
    if (generation === this.generation) this.setLoaded(this.types, list);
  }

  private setLoaded(types: ICredentialType[], list: CredentialListItem[]): void {
    this.types = types;
    this.typesLoaded = true;
    this.credentials = sortByName(list);
    this.loaded = true;
  }

  private setTypes(types: ICredentialType[]): void {
    this.types = types;
    this.typesLoaded = true;
  }

  private upsert(c: CredentialListItem): void {
    const { data: _, ...item } = c;
    this.credentials = sortByName([...this.credentials.filter((x) => x.id !== c.id), item]);
  }

  private remove(id: string): void {
    this.credentials = this.credentials.filter((x) => x.id !== id);
  }

  async create(body: Required<Pick<CredentialWrite, 'name' | 'type'>> & CredentialWrite): Promise<CredentialListItem> {
    const created = await createCredential(body);
    this.upsert(created);
    return created;
  }

  async update(id: string, body: CredentialWrite): Promise<CredentialListItem> {
    const updated = await updateCredential(id, body);
    this.upsert(updated);
    return updated;
  }

  async delete(id: string): Promise<void> {
    await deleteCredential(id);
    this.remove(id);
  }

  /** The stored credential read again (its OAuth state after a connect); a gone one leaves the list. */
  async reread(id: string): Promise<CredentialListItem> {
    const c = await getCredential(id);
    this.upsert(c);
    return c;
  }

  /** A credential the server no longer has (deleted elsewhere) leaves the list. */
  forget(id: string): void {
    this.remove(id);
  }

  /** The edit modal in 'new' mode for a type; `target` gets the stored result selected. */
  openNew(type: string, target?: CredentialTarget): void {
    this.target = target;
    this.modals.open('editCredential', { mode: 'new', activeId: type });
  }

  openEdit(id: string): void {
    this.target = undefined;
    this.modals.open('editCredential', { mode: 'edit', activeId: id });
  }

  /** Another user signed in: the list is theirs to load (a member sees only their own). */
  reset(): void {
    this.generation++;
    this.loading = undefined;
    this.credentials = [];
    this.loaded = false;
    this.target = undefined;
  }

  /** The pending target, cleared (read once by the modal after a save). */
  takeTarget(): CredentialTarget | undefined {
    const t = this.target;
    this.target = undefined;
    return t;
  }
}

function sortByName(list: CredentialListItem[]): CredentialListItem[] {
  return [...list].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}
