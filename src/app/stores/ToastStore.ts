// Toasts (top-right). Errors that the user must read stay until closed (spec 001 §8).
import { action, makeObservable, observable } from 'mobx';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  message?: string;
  /** Expandable details; cut at 500 characters. */
  details?: string;
  /** 0 = stays until closed. */
  duration: number;
  /** The toast is a button: clicking it does this (and closes it). */
  onClick?: () => void;
}

export interface ToastInput {
  kind?: ToastKind;
  title: string;
  message?: string;
  details?: string;
  /** Stays until closed. */
  persistent?: boolean;
  duration?: number;
  onClick?: () => void;
}

const DETAILS_MAX = 500;
const DEFAULT_DURATION: Record<ToastKind, number> = { success: 4000, info: 4000, warning: 6000, error: 8000 };
const MAX_TOASTS = 6;

export class ToastStore {
  readonly toasts = observable.array<Toast>([], { deep: false });
  private nextId = 1;
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor() {
    makeObservable(this, { show: action, close: action, closeAll: action });
  }

  show(input: ToastInput): number {
    const kind = input.kind ?? 'info';
    const duration = input.persistent ? 0 : (input.duration ?? DEFAULT_DURATION[kind]);
    const details = input.details && input.details.length > DETAILS_MAX ? input.details.slice(0, DETAILS_MAX) + '...' : input.details;
    const toast: Toast = { id: this.nextId++, kind, title: input.title, message: input.message, details, duration, onClick: input.onClick };
    this.toasts.push(toast);
    while (this.toasts.length > MAX_TOASTS) {
      const dropped = this.toasts.find((t) => t.duration > 0) ?? this.toasts[0];
      this.close(dropped.id);
    }
    if (duration > 0) this.timers.set(toast.id, setTimeout(() => this.close(toast.id), duration));
    return toast.id;
  }

  close(id: number): void {
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
    const i = this.toasts.findIndex((x) => x.id === id);
    if (i >= 0) this.toasts.splice(i, 1);
  }

  closeAll(): void {
    for (const t of [...this.toasts]) this.close(t.id);
  }

  error(title: string, message?: string, persistent = true): number {
    return this.show({ kind: 'error', title, message, persistent });
  }

  success(title: string, message?: string): number {
    return this.show({ kind: 'success', title, message });
  }
}
