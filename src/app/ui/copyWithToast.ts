// Copies text to the clipboard and says in a toast how it went (invite links, the API key).
import type { ToastStore } from '../stores/ToastStore.ts';
import { errorMessage } from '../api/errors.ts';

export async function copyWithToast(toasts: ToastStore, text: string, copied: { title: string; message?: string }, failedTitle: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toasts.success(copied.title, copied.message);
  } catch (err) {
    toasts.error(failedTitle, errorMessage(err), false);
  }
}
