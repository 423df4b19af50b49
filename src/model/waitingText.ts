// The text a waiting node shows (spec 001 §2.4): an indefinite-wait message, or the date and
// time the wait ends. A waitTill at or after WAIT_INDEFINITELY means "until a webhook call".
import { WAIT_INDEFINITELY } from './constants.ts';

export const WAITING_INDEFINITELY_TEXT = 'The node is waiting indefinitely for an incoming webhook call.';

/** 'Node is waiting until 11/22/2026 10:15:00 AM' (in the given or the runtime's locale). */
export function waitingText(waitTill: string | Date, locale?: string): string | undefined {
  const at = waitTill instanceof Date ? waitTill : new Date(waitTill);
  if (Number.isNaN(at.getTime())) return undefined;
  if (at.getTime() >= WAIT_INDEFINITELY.getTime()) return WAITING_INDEFINITELY_TEXT;
  return `Node is waiting until ${at.toLocaleDateString(locale)} ${at.toLocaleTimeString(locale)}`;
}
