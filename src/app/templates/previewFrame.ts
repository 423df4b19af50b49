// One warm preview frame for the gallery pages. Booting the embedded demo view (/workflows/demo:
// the editor's bundle, settings, sign-in, node types, a WebGL canvas) takes a second or more on a
// CPU-only machine; a template page that created its own frame made the user wait for all of it.
// The frame is created when a gallery page opens, kept (hidden) while the user moves between
// gallery pages, and laid over the page's preview box when one is shown: opening a template then
// only sends it the workflow. It is removed when no gallery page is open, freeing its WebGL context.
// Never moved in the DOM (that would reload it): only its style changes.
import { basePath } from '../basePath.ts';

export interface PreviewCallbacks {
  /** The demo view has loaded the workflow (its n8nReady after openWorkflow). */
  onReady(): void;
  onError(message: string): void;
  onNdv(open: boolean): void;
}

interface Showing {
  box: HTMLElement;
  workflow: unknown;
  callbacks: PreviewCallbacks;
  sent: boolean;
}

let frame: HTMLIFrameElement | undefined;
/** The demo view has said n8nReady once: it listens for workflows. */
let booted = false;
let showing: Showing | undefined;
let users = 0;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;
let raf = 0;

const HIDDEN = 'position:fixed;left:-20000px;top:0;width:1100px;height:460px;border:0;visibility:hidden;';

function parse(data: unknown): { command?: string; message?: string } {
  if (typeof data !== 'string') return {};
  try {
    const v = JSON.parse(data) as unknown;
    return typeof v === 'object' && v !== null ? (v as { command?: string; message?: string }) : {};
  } catch {
    return {};
  }
}

function send(s: Showing): void {
  s.sent = true;
  frame?.contentWindow?.postMessage(JSON.stringify({ command: 'openWorkflow', workflow: s.workflow }), window.location.origin);
}

function onMessage(e: MessageEvent): void {
  if (!frame || e.source !== frame.contentWindow || e.origin !== window.location.origin) return;
  const m = parse(e.data);
  const s = showing;
  if (m.command === 'n8nReady') {
    if (!booted) {
      booted = true;
      if (s && !s.sent) send(s);
      return;
    }
    if (s?.sent) {
      frame.style.visibility = 'visible';
      s.callbacks.onReady();
    }
  } else if (m.command === 'error') s?.callbacks.onError(m.message ?? '');
  else if (m.command === 'openNDV') s?.callbacks.onNdv(true);
  else if (m.command === 'closeNDV') s?.callbacks.onNdv(false);
}

/** Keeps the frame over its box while shown (the page scrolls, the box grows with the NDV). */
function follow(): void {
  const s = showing;
  if (!frame || !s) return;
  const r = s.box.getBoundingClientRect();
  const style = frame.style;
  const [left, top, width, height] = [`${r.left + 1}px`, `${r.top + 1}px`, `${Math.max(0, r.width - 2)}px`, `${Math.max(0, r.height - 2)}px`];
  if (style.left !== left) style.left = left;
  if (style.top !== top) style.top = top;
  if (style.width !== width) style.width = width;
  if (style.height !== height) style.height = height;
  // Clipped to the scrolling page, so it never covers the header.
  const page = s.box.closest('.templates-page')?.getBoundingClientRect();
  const clip = page ? `inset(${Math.max(0, page.top - r.top)}px 0 ${Math.max(0, r.bottom - page.bottom)}px 0)` : '';
  if (style.clipPath !== clip) style.clipPath = clip;
  raf = requestAnimationFrame(follow);
}

function ensureFrame(): HTMLIFrameElement {
  if (frame) return frame;
  booted = false;
  frame = document.createElement('iframe');
  frame.title = 'Workflow preview';
  frame.dataset.testid = 'template-preview-frame';
  frame.className = 'template-preview-frame';
  frame.style.cssText = HIDDEN;
  frame.src = `${basePath}workflows/demo`;
  window.addEventListener('message', onMessage);
  document.body.appendChild(frame);
  return frame;
}

/** How long after a gallery page opens its warm frame starts booting. */
const WARM_BOOT_DELAY_MS = 1000;

/** A gallery page opened: boot the frame if needed; the returned function releases it. */
export function holdPreviewFrame(): () => void {
  users++;
  clearTimeout(releaseTimer);
  // Well after the page has drawn: booting competes for the CPU with the gallery's first cards,
  // and an idle callback alone fired while the page still waited for them (a cold gallery drew
  // its cards 150 ms later). A template page boots it at once (showPreview).
  let idle = 0;
  const later = setTimeout(() => {
    idle = requestIdleCallback(() => users > 0 && ensureFrame(), { timeout: 1500 });
  }, WARM_BOOT_DELAY_MS);
  return () => {
    clearTimeout(later);
    cancelIdleCallback(idle);
    users--;
    // Route changes between gallery pages unmount one and mount the next: keep the frame.
    releaseTimer = setTimeout(() => {
      if (users > 0 || !frame) return;
      hidePreview();
      window.removeEventListener('message', onMessage);
      frame.remove();
      frame = undefined;
      booted = false;
    }, 1000);
  };
}

/** Shows `workflow` over `box`; the returned function hides it again. */
export function showPreview(box: HTMLElement, workflow: unknown, callbacks: PreviewCallbacks): () => void {
  const f = ensureFrame();
  hidePreview();
  const s: Showing = { box, workflow, callbacks, sent: false };
  showing = s;
  f.style.cssText = 'position:fixed;border:0;z-index:5;visibility:hidden;';
  cancelAnimationFrame(raf);
  follow();
  if (booted) send(s);
  return () => {
    if (showing === s) hidePreview();
  };
}

function hidePreview(): void {
  cancelAnimationFrame(raf);
  showing = undefined;
  if (frame) frame.style.cssText = HIDDEN;
}
