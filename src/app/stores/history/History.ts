// Undo / redo of canvas edits: a bounded stack of steps, each a list of recorded changes.
// The store records every edit; commands group theirs into one step with `transact` (a paste,
// a delete with its reconnection, a tidy-up); typing into one parameter coalesces into one
// step. The stack knows which step was saved so the dirty flag can follow undo and redo.
import { action, computed, makeObservable, observable } from 'mobx';
import { invert, mergeChanges, type Change } from './changes.ts';

export const HISTORY_LIMIT = 500;
/** Edits with the same coalesce key closer together than this become one step. */
export const COALESCE_MS = 1000;

export interface Step {
  readonly id: number;
  label: string;
  changes: Change[];
  coalesceKey?: string;
  /** Time of the last change folded into the step. */
  at: number;
}

export interface HistoryOptions {
  limit?: number;
  now?: () => number;
}

export class History {
  private undoStack: Step[] = [];
  private redoStack: Step[] = [];
  private open: Step | undefined;
  private nextId = 1;
  /** Id of the newest step when the workflow was saved (0: nothing; -1: no longer reachable). */
  private savedId = 0;
  private applying = false;
  /** Bumped on every stack change; canUndo / canRedo observe it. */
  private version = 0;
  private readonly limit: number;
  private readonly now: () => number;

  constructor(options: HistoryOptions = {}) {
    this.limit = options.limit ?? HISTORY_LIMIT;
    this.now = options.now ?? (() => Date.now());
    makeObservable<History, 'version' | 'commit' | 'bump'>(this, {
      version: observable,
      canUndo: computed,
      canRedo: computed,
      undoLabel: computed,
      redoLabel: computed,
      commit: action,
      bump: action,
      undo: action,
      redo: action,
      clear: action,
    });
  }

  get canUndo(): boolean {
    void this.version;
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    void this.version;
    return this.redoStack.length > 0;
  }

  get undoLabel(): string | undefined {
    void this.version;
    return this.undoStack[this.undoStack.length - 1]?.label;
  }

  get redoLabel(): string | undefined {
    void this.version;
    return this.redoStack[this.redoStack.length - 1]?.label;
  }

  get size(): number {
    return this.undoStack.length;
  }

  /** True while undo/redo applies changes: the store must not record them. */
  get isApplying(): boolean {
    return this.applying;
  }

  /** The newest step's id (0 when there is none). */
  get lastStepId(): number {
    return this.undoStack[this.undoStack.length - 1]?.id ?? 0;
  }

  /** The step was undone and not redone. */
  isUndone(stepId: number): boolean {
    return this.redoStack.some((s) => s.id === stepId);
  }

  /** The stack is where it was at the last save (or load). */
  get atSaved(): boolean {
    return this.lastStepId === this.savedId;
  }

  /** One recorded change: joins the open transaction, else becomes a step of its own. */
  record(change: Change, label: string, coalesceKey?: string): void {
    if (this.applying) return;
    if (this.open) {
      this.open.changes.push(change);
      return;
    }
    this.commit({ id: this.nextId++, label, changes: [change], coalesceKey, at: this.now() });
  }

  /** Runs `fn`; everything it records is one step (nested transactions join the outer one). */
  transact<T>(label: string, fn: () => T, coalesceKey?: string): T {
    if (this.applying || this.open) return fn();
    const step: Step = { id: this.nextId++, label, changes: [], coalesceKey, at: this.now() };
    this.open = step;
    try {
      return fn();
    } finally {
      this.open = undefined;
      if (step.changes.length) this.commit(step);
    }
  }

  /**
   * Opens a step that stays open until the returned function is called: for an edit that
   * lands asynchronously (the canvas animates a tidy-up, then writes every position). What is
   * recorded in between joins it; an empty step is dropped.
   */
  begin(label: string): () => void {
    if (this.applying || this.open) return () => {};
    const step: Step = { id: this.nextId++, label, changes: [], at: this.now() };
    this.open = step;
    return () => {
      if (this.open !== step) return;
      this.open = undefined;
      if (step.changes.length) this.commit(step);
    };
  }

  /**
   * Runs `fn` and adds what it records to step `stepId` when that is still the newest step (the
   * reconnection that follows a delete); otherwise what it records is a step of its own.
   */
  extend<T>(stepId: number, label: string, fn: () => T): T {
    const top = this.undoStack[this.undoStack.length - 1];
    if (!top || top.id !== stepId || this.open) return this.transact(label, fn);
    const step: Step = { id: -1, label, changes: [], at: this.now() };
    this.open = step;
    try {
      return fn();
    } finally {
      this.open = undefined;
      if (step.changes.length) {
        top.changes.push(...step.changes);
        // The saved state no longer matches the step it pointed at.
        if (this.savedId === top.id) this.savedId = -1;
        this.bump();
      }
    }
  }

  private commit(step: Step): void {
    const top = this.undoStack[this.undoStack.length - 1];
    if (step.coalesceKey && top && top.coalesceKey === step.coalesceKey && this.redoStack.length === 0 && step.at - top.at <= COALESCE_MS && top.id !== this.savedId) {
      top.changes = mergeChanges(top.changes, step.changes);
      top.at = step.at;
      this.bump();
      return;
    }
    this.undoStack.push(step);
    if (this.redoStack.some((s) => s.id === this.savedId)) this.savedId = -1;
    this.redoStack = [];
    if (this.undoStack.length > this.limit) {
      const dropped = this.undoStack.splice(0, this.undoStack.length - this.limit);
      if (dropped.some((s) => s.id === this.savedId)) this.savedId = -1;
    }
    this.bump();
  }

  /** Applies the inverse of the newest step through `apply`; returns the step, if any. */
  undo(apply: (c: Change) => void): Step | undefined {
    const step = this.undoStack.pop();
    if (!step) return undefined;
    this.applying = true;
    try {
      for (let i = step.changes.length - 1; i >= 0; i--) apply(invert(step.changes[i]));
    } finally {
      this.applying = false;
    }
    this.redoStack.push(step);
    this.bump();
    return step;
  }

  redo(apply: (c: Change) => void): Step | undefined {
    const step = this.redoStack.pop();
    if (!step) return undefined;
    this.applying = true;
    try {
      for (const c of step.changes) apply(c);
    } finally {
      this.applying = false;
    }
    this.undoStack.push(step);
    this.bump();
    return step;
  }

  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
    this.open = undefined;
    this.savedId = 0;
    this.bump();
  }

  markSaved(): void {
    this.savedId = this.lastStepId;
  }

  private bump(): void {
    this.version++;
  }
}
