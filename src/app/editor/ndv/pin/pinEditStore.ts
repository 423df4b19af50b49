// Pinned data in the node details view (spec 001 §4.3, §5, §9; n8n's RunData / usePinnedData):
// pin and unpin the output, the edit-output mode (enable, cancel, save; saving when the view
// closes), and the questions that go with them ('Save output changes before closing?',
// 'Unpin output data?'). Every change goes through WorkflowStore.setPinData, so it is one undo
// step ('Pin data' / 'Unpin data') and marks the workflow dirty. One store per editor root.
import { action, makeObservable, observable, observableRef } from 'mobx';
import type { IPinDataItem } from '../../../../model/workflow.ts';
import type { INodeExecutionData } from '../../../../model/execution.ts';
import { PIN_DATA_INVALID_TITLE, PIN_DATA_TOO_LARGE_TITLE, tooLargeError, workflowSizeError, type PinDataError } from '../../../../../workers/pinData/kernel.ts';
import { utf8ByteLength } from '../../../../model/validateWorkflow.ts';
import { MAX_PINNED_DATA_BYTES } from '../../../../model/constants.ts';
import type { RootStore } from '../../../stores/RootStore.ts';
import { checkPinText, measureItems, otherPinnedBytes, prettyItems, rememberSize, setPinWorkerFailureHandler, yieldToBrowser } from './pinWork.ts';

/** n8n's TEST_PIN_DATA: what the editor starts with when there is nothing to edit yet. */
export const TEST_PIN_DATA = [
  { name: 'First item', code: 1 },
  { name: 'Second item', code: 2 },
];

export interface PinEditSession {
  nodeId: string;
  nodeName: string;
  /** The text the editor starts with (undefined while it is being prepared). */
  initialText: string | undefined;
}

export type Answer = (yes: boolean) => void;

export class PinEditStore {
  /** The node whose output is being edited. */
  session: PinEditSession | undefined = undefined;
  /** Validation or pinning in progress (the buttons wait). */
  busy = false;
  /** The last refusal of the edited text: where the editor puts the caret. */
  error: (PinDataError & { seq: number }) | undefined = undefined;
  /** 'Save output changes before closing?' is open. */
  closePrompt: Answer | undefined = undefined;
  /** 'Unpin output data?' is open. */
  unpinPrompt: Answer | undefined = undefined;
  /** Reads the editor's current text (the editor registers it; uncontrolled for 10 MB texts). */
  readText: (() => string) | undefined = undefined;

  private readonly root: RootStore;
  private errorSeq = 0;

  constructor(root: RootStore) {
    this.root = root;
    makeObservable(this, {
      session: observableRef,
      busy: observable,
      error: observableRef,
      closePrompt: observableRef,
      unpinPrompt: observableRef,
      startEdit: action,
      cancelEdit: action,
      answerClose: action,
      answerUnpin: action,
    });
  }

  private setBusy = action((busy: boolean) => {
    this.busy = busy;
  });

  private setError = action((error: PinDataError | undefined) => {
    this.error = error ? { ...error, seq: ++this.errorSeq } : undefined;
  });

  private setSessionText = action((nodeId: string, text: string) => {
    if (this.session?.nodeId === nodeId) this.session = { ...this.session, initialText: text };
  });

  private endSession = action(() => {
    this.session = undefined;
    this.error = undefined;
    this.readText = undefined;
  });

  /** The workflow must stay savable with the new pinned data (n8n's tooLargeWorkflow check). */
  private workflowTooLarge(pinnedTotal: number): PinDataError | undefined {
    const { pinData: _pins, ...rest } = this.root.workflow.toWorkflow();
    return workflowSizeError(utf8ByteLength(JSON.stringify(rest)), pinnedTotal);
  }

  private showError(error: PinDataError): void {
    const title = error.kind === 'tooLarge' ? PIN_DATA_TOO_LARGE_TITLE : PIN_DATA_INVALID_TITLE;
    this.root.ui.toasts.show({ kind: 'error', title, message: error.message });
  }

  /**
   * Edit output: the editor opens with the pinned data, else the current output items' json,
   * else n8n's two sample items, printed as JSON with two spaces.
   */
  startEdit(nodeId: string, current: readonly INodeExecutionData[] | undefined): void {
    const m = this.root.workflow.nodes.get(nodeId);
    if (!m || this.root.ui.readOnly) return;
    this.session = { nodeId, nodeName: m.name, initialText: undefined };
    this.error = undefined;
    const pinned = this.root.workflow.pinData[m.name];
    const source = pinned ?? (current && current.length ? current : undefined);
    if (!source) {
      this.session = { ...this.session, initialText: JSON.stringify(TEST_PIN_DATA, null, 2) };
      return;
    }
    void prettyItems(source).then((text) => this.setSessionText(nodeId, text));
  }

  cancelEdit(): void {
    this.endSession();
  }

  /** The view closed or moved to another node without the question (another workflow opened). */
  abandon(nodeId: string): void {
    if (this.session?.nodeId !== nodeId) return;
    const p = this.closePrompt;
    this.setClosePrompt(undefined);
    this.endSession();
    p?.(false);
  }

  private setClosePrompt = action((p: Answer | undefined) => {
    this.closePrompt = p;
  });

  /**
   * Save: the worker parses and checks the text (line and position of a syntax error, the
   * single-quote message, the 12 MB limit); valid data is pinned and edit mode ends. Answers
   * whether it was pinned; a refusal leaves edit mode on and says why in a toast.
   */
  async saveEdit(): Promise<boolean> {
    const s = this.session;
    if (!s || this.busy || s.initialText === undefined) return false;
    const text = this.readText?.() ?? s.initialText;
    const { workflow } = this.root;
    const name = workflow.nodes.get(s.nodeId)?.name;
    if (!name) {
      this.endSession();
      return false;
    }
    this.setBusy(true);
    try {
      const other = await otherPinnedBytes(workflow.pinData, name);
      const r = await checkPinText(text, { otherPinnedBytes: other });
      if (this.session !== s) return false;
      if (!r.ok) {
        this.setError(r.error);
        this.showError(r.error);
        return false;
      }
      const tooLarge = this.workflowTooLarge(other + r.bytes);
      if (tooLarge) {
        this.setError(tooLarge);
        this.showError(tooLarge);
        return false;
      }
      rememberSize(r.items, r.bytes);
      workflow.setPinData(name, r.items);
      // Closing the editor (monaco lets go of a 14 MB model) is its own task.
      await yieldToBrowser();
      this.endSession();
      return true;
    } catch (e) {
      this.root.ui.toasts.show({ kind: 'error', title: PIN_DATA_INVALID_TITLE, message: e instanceof Error ? e.message : String(e) });
      return false;
    } finally {
      this.setBusy(false);
    }
  }

  /** The pin button: pins the shown output items (their json) after the size check. */
  async pin(nodeName: string, items: readonly INodeExecutionData[]): Promise<boolean> {
    const { workflow, ui } = this.root;
    if (ui.readOnly || this.busy) return false;
    this.setBusy(true);
    try {
      const pins: IPinDataItem[] = items.map((i) => ({ json: i.json }));
      const [other, bytes] = [await otherPinnedBytes(workflow.pinData, nodeName), await measureItems(pins)];
      const refused = other + bytes > MAX_PINNED_DATA_BYTES ? tooLargeError(other + bytes, MAX_PINNED_DATA_BYTES) : this.workflowTooLarge(other + bytes);
      if (refused) {
        this.showError(refused);
        return false;
      }
      if (!workflow.nodeByName(nodeName)) return false;
      workflow.setPinData(nodeName, pins);
      return true;
    } finally {
      this.setBusy(false);
    }
  }

  unpin(nodeName: string): void {
    if (this.root.ui.readOnly || !this.root.workflow.pinData[nodeName]) return;
    this.root.workflow.setPinData(nodeName, undefined);
  }

  // ---- closing the view while editing ----

  /** UIStore's close guard: while editing, closing asks first (answered true = close now). */
  readonly guardClose = (): boolean => {
    if (!this.session || this.root.ui.readOnly) return true;
    if (!this.closePrompt) void this.askBeforeClosing();
    return false;
  };

  private async askBeforeClosing(): Promise<void> {
    const save = await new Promise<boolean>(action((resolve: Answer) => (this.closePrompt = resolve)));
    const s = this.session;
    if (!s) return;
    if (save) {
      // Invalid or too large: the view stays open in edit mode with the error shown.
      if (!(await this.saveEdit())) return;
    } else this.endSession();
    if (this.root.workflow.activeNodeId === s.nodeId) this.root.ui.closeNdv(true);
  }

  answerClose(save: boolean): void {
    const p = this.closePrompt;
    this.closePrompt = undefined;
    p?.(save);
  }

  // ---- executing a pinned node ----

  /**
   * 'Unpin output data?' before a node with pinned data is executed on its own (n8n's
   * NodeExecuteButton): yes unpins it (one undo step) and the run goes on; no cancels the run.
   */
  async confirmUnpinAndExecute(nodeName: string): Promise<boolean> {
    if (!this.root.workflow.pinData[nodeName]) return true;
    this.unpinPrompt?.(false);
    const yes = await new Promise<boolean>(action((resolve: Answer) => (this.unpinPrompt = resolve)));
    if (yes) this.root.workflow.setPinData(nodeName, undefined);
    return yes;
  }

  answerUnpin(yes: boolean): void {
    const p = this.unpinPrompt;
    this.unpinPrompt = undefined;
    p?.(yes);
  }
}

const stores = new WeakMap<RootStore, PinEditStore>();

/** The root's pin store, made on first use (the close guard is installed then). */
export function pinEditStore(root: RootStore): PinEditStore {
  let s = stores.get(root);
  if (!s) {
    s = new PinEditStore(root);
    stores.set(root, s);
    root.ui.ndvCloseGuard = s.guardClose;
    setPinWorkerFailureHandler((message) => root.ui.toasts.show({ kind: 'warning', title: 'Pinned data is checked on the main thread', message }));
  }
  return s;
}
