// View state of the editor shell: node details view, node creator, the unsaved-changes
// prompt, toasts and modals. The open NDV node is the workflow store's activeNodeId (the
// canvas highlights it), so there is one source of truth.
import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import { DEFAULT_CLICK_POSITION } from '../../model/constants.ts';
import type { WorkflowStore, NodeModel } from './WorkflowStore.ts';
import { ToastStore } from './ToastStore.ts';
import { ModalStore } from './ModalStore.ts';

/** Where the node creator was opened from; decides position and connection of the new node. */
export type CreatorSource =
  | { kind: 'default' }
  | { kind: 'endpoint'; nodeId: string; outputIndex: number; position?: [number, number] }
  /** The add button of a hovered connection: the new node goes between its ends. */
  | { kind: 'connection'; connectionId: string; position: [number, number] }
  | { kind: 'position'; x: number; y: number };

export type UnsavedChoice = 'save' | 'discard' | 'cancel';

/** Why the view is read-only: a past execution or the embedded demo (the error text differs). */
export type ReadOnlyReason = 'execution' | 'demo';

export class UIStore {
  readonly toasts = new ToastStore();
  readonly modals = new ModalStore();
  creatorOpen = false;
  creatorSource: CreatorSource = { kind: 'default' };
  /** Pending unsaved-changes question; resolved by the dialog. */
  unsavedPrompt: { resolve: (c: UnsavedChoice) => void } | undefined = undefined;
  /** The route shows something that must not be edited (a past execution, the demo). */
  readOnly = false;
  readOnlyReason: ReadOnlyReason = 'execution';
  /** The rename prompt (F2) is open for this node. */
  renameNodeId: string | undefined = undefined;
  /** The find-node palette (ctrl+f) is open. */
  findOpen = false;
  /**
   * Import from URL: a pasted link waits for the user's confirmation before it is fetched, or
   * (`editable`, the sidebar's Import from URL) the user types the link. Resolves with the URL
   * to fetch, undefined when cancelled.
   */
  urlImportPrompt: { url: string; editable: boolean; resolve: (url: string | undefined) => void } | undefined = undefined;
  /** A save request is in flight. */
  saving = false;
  /** Where the user last clicked empty canvas (world): a node added without a source goes there (spec 001 §9, default 450,450). */
  lastClickPosition: [number, number] = [...DEFAULT_CLICK_POSITION];
  /** A node the canvas should pan to (a new node placed out of view); `seq` makes repeats count. */
  revealRequest: { id: string; seq: number } | undefined = undefined;
  /** Nodes the canvas should show whole (pasted or imported ones); `seq` makes repeats count. */
  showRequest: { ids: string[]; seq: number } | undefined = undefined;
  /**
   * Asked before the NDV closes (not observable): false keeps it open. The output panel's
   * edit mode asks 'Save output changes before closing?' first (spec 001 §4.3).
   */
  ndvCloseGuard: (() => boolean) | undefined = undefined;

  private readonly workflow: WorkflowStore;

  constructor(workflow: WorkflowStore) {
    this.workflow = workflow;
    makeObservable(this, {
      creatorOpen: observable,
      creatorSource: observableRef,
      unsavedPrompt: observableRef,
      readOnly: observable,
      readOnlyReason: observable,
      renameNodeId: observable,
      findOpen: observable,
      urlImportPrompt: observableRef,
      saving: observable,
      revealRequest: observableRef,
      showRequest: observableRef,
      showNodes: action,
      setLastClickPosition: action,
      reveal: action,
      setReadOnly: action,
      openRename: action,
      closeRename: action,
      setFindOpen: action,
      askUrlImport: action,
      askImportUrl: action,
      answerUrlImport: action,
      setSaving: action,
      ndvNode: computed,
      openNdv: action,
      closeNdv: action,
      openCreator: action,
      closeCreator: action,
      toggleCreator: action,
      askUnsaved: action,
      answerUnsaved: action,
    });
  }

  setReadOnly(readOnly: boolean, reason: ReadOnlyReason = 'execution'): void {
    this.readOnly = readOnly;
    this.readOnlyReason = reason;
    if (readOnly) this.renameNodeId = undefined;
  }

  openRename(nodeId: string): void {
    if (this.workflow.nodes.has(nodeId)) this.renameNodeId = nodeId;
  }

  closeRename(): void {
    this.renameNodeId = undefined;
  }

  setFindOpen(open: boolean): void {
    this.findOpen = open;
  }

  /** Asks before a pasted URL is fetched (spec 001 §5). One question at a time. */
  askUrlImport(url: string): Promise<boolean> {
    return this.promptUrl(url, false).then((u) => u !== undefined);
  }

  /** Asks for the URL of a workflow file to import (the sidebar's Import from URL). */
  askImportUrl(): Promise<string | undefined> {
    return this.promptUrl('', true);
  }

  private promptUrl(url: string, editable: boolean): Promise<string | undefined> {
    this.urlImportPrompt?.resolve(undefined);
    return new Promise((resolve) => {
      this.urlImportPrompt = { url, editable, resolve };
    });
  }

  /** The dialog's answer; `url` is the typed link of an editable prompt. */
  answerUrlImport(confirmed: boolean, url?: string): void {
    const p = this.urlImportPrompt;
    this.urlImportPrompt = undefined;
    p?.resolve(confirmed ? (url ?? p.url) : undefined);
  }

  setSaving(saving: boolean): void {
    this.saving = saving;
  }

  get ndvNode(): NodeModel | undefined {
    const id = this.workflow.activeNodeId;
    return id ? this.workflow.nodes.get(id) : undefined;
  }

  openNdv(nodeId: string): void {
    if (!this.workflow.nodes.has(nodeId)) return;
    this.creatorOpen = false;
    this.workflow.activeNodeId = nodeId;
  }

  /** `force` skips the close guard (the guard's own close after its question). */
  closeNdv(force = false): void {
    if (!force && this.workflow.activeNodeId !== undefined && this.ndvCloseGuard && !this.ndvCloseGuard()) return;
    this.workflow.activeNodeId = undefined;
  }

  /** Without arguments: back to the default (another workflow opened). */
  setLastClickPosition(x = DEFAULT_CLICK_POSITION[0], y = DEFAULT_CLICK_POSITION[1]): void {
    if (Number.isFinite(x) && Number.isFinite(y)) this.lastClickPosition = [x, y];
  }

  /** Asks the canvas to bring a node into view. */
  reveal(id: string): void {
    this.revealRequest = { id, seq: (this.revealRequest?.seq ?? 0) + 1 };
  }

  showNodes(ids: string[]): void {
    this.showRequest = { ids, seq: (this.showRequest?.seq ?? 0) + 1 };
  }

  openCreator(source: CreatorSource = { kind: 'default' }): void {
    this.creatorSource = source;
    this.creatorOpen = true;
  }

  closeCreator(): void {
    this.creatorOpen = false;
  }

  toggleCreator(): void {
    if (this.creatorOpen) this.closeCreator();
    else this.openCreator();
  }

  /** Asks save / discard / cancel (spec 001 §4.5). One question at a time. */
  askUnsaved(): Promise<UnsavedChoice> {
    this.unsavedPrompt?.resolve('cancel');
    return new Promise((resolve) => {
      this.unsavedPrompt = { resolve };
    });
  }

  answerUnsaved(choice: UnsavedChoice): void {
    const p = this.unsavedPrompt;
    this.unsavedPrompt = undefined;
    p?.resolve(choice);
  }
}
