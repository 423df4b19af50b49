// Where the toasts go so they never hide what the user is working with. Over the canvas: the
// top right, left of the add-node buttons (the CSS default). On a page without a canvas (the
// gallery, settings, lists): the bottom right, off the page's title row and its buttons. With the node details view open:
// its bottom right, above the output panel's pagination, where only data rows (which scroll)
// are under them — the top right held the output header (pin, edit, close, Table/JSON, the
// error title). With a dialog open: beside it, on the side with more room (narrower if need
// be), else below or above it; a dialog's buttons and × are never covered when there is room.

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface ToastPlace {
  left?: number;
  right?: number;
  top?: number;
  bottom?: number;
  width: number;
  maxHeight?: number;
}

export const TOAST_WIDTH = 380;
/** Narrower than this, a toast beside a dialog wraps too much: it goes below or above instead. */
export const TOAST_MIN_WIDTH = 200;
export const TOAST_MARGIN = 16;
/** The least height worth giving the toasts below or above a dialog (a title and two lines). */
const MIN_GAP = 84;

export interface PlacementInput {
  view: { width: number; height: number };
  /** The topmost open dialog. */
  dialog?: Box;
  /** The node details view's panel. */
  ndv?: Box;
  /** The top of the output panel's footer (pagination), when it shows one. */
  ndvFooterTop?: number;
  /** The page draws no canvas. */
  page?: boolean;
}

/** Routes (below the base path) whose view is a canvas, where the top right is free. */
export function isCanvasRoute(path: string): boolean {
  return /^\/(workflow(\/|$)|workflows\/(templates|demo)(\/|$)|execution\/|wall(\/|$))/.test(path);
}

/** undefined: the default place (top right over the canvas). */
export function toastPlacement({ view, dialog, ndv, ndvFooterTop, page }: PlacementInput): ToastPlace | undefined {
  const m = TOAST_MARGIN;
  if (dialog) {
    const right = view.width - dialog.right - 2 * m;
    const left = dialog.left - 2 * m;
    const room = Math.max(right, left);
    if (room >= TOAST_MIN_WIDTH) {
      const width = Math.min(TOAST_WIDTH, room);
      return right >= left ? { right: m, bottom: m, width } : { left: m, bottom: m, width };
    }
    const below = view.height - dialog.bottom - 2 * m;
    const above = dialog.top - 2 * m;
    const width = Math.min(TOAST_WIDTH, view.width - 2 * m);
    if (below >= MIN_GAP && below >= above) return { right: m, bottom: m, width, maxHeight: below };
    if (above >= MIN_GAP) return { right: m, top: m, width, maxHeight: above };
    // No room anywhere: the bottom right, where a dialog is least likely to have its buttons.
    return { right: m, bottom: m, width };
  }
  if (ndv) {
    const floor = Math.min(ndv.bottom, ndvFooterTop ?? ndv.bottom);
    return { right: view.width - ndv.right + m, bottom: view.height - floor + m / 2, width: Math.min(TOAST_WIDTH, view.width - 2 * m) };
  }
  if (page) return { right: m, bottom: m, width: Math.min(TOAST_WIDTH, view.width - 2 * m) };
  return undefined;
}
