// Auto-pan while dragging near the edge of the view (nodes, connections, rubber band): the
// closer the pointer is to an edge, the faster the view moves towards it.

/** Width of the band along each edge that pans, in screen px. */
export const AUTOPAN_ZONE_PX = 48;
/** Speed at the very edge, screen px per frame (at 60 frames/s). */
export const AUTOPAN_MAX_PX = 14;

/**
 * Pan (screen px for this frame) for a pointer at (sx, sy) in a width × height view: positive
 * dx moves the content right (the view looks further left). Zero outside the band.
 */
export function autoPanDelta(sx: number, sy: number, width: number, height: number, zone = AUTOPAN_ZONE_PX, max = AUTOPAN_MAX_PX): { dx: number; dy: number } {
  const axis = (p: number, size: number) => {
    if (size <= 2 * zone) return 0;
    if (p < zone) return max * Math.min(1, (zone - p) / zone);
    if (p > size - zone) return -max * Math.min(1, (p - (size - zone)) / zone);
    return 0;
  };
  return { dx: axis(sx, width), dy: axis(sy, height) };
}
