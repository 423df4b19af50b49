// The spec's debounces (001 §9: disable 350 ms, delete 500 ms, copy 1000 ms, paste 1000 ms …)
// guard against key repeat: the first call acts at once, calls within `ms` of the last one
// are dropped (n8n's callDebounced with leading edge). The returned function says whether it
// acted, so a caller can also swallow the dropped key (ctrl+a, which the canvas would handle).
export function leadingDebounce<A extends unknown[]>(fn: (...args: A) => void, ms: number, now: () => number = () => performance.now()): (...args: A) => boolean {
  let last = -Infinity;
  return (...args: A) => {
    const t = now();
    const quiet = t - last >= ms;
    last = t;
    if (quiet) fn(...args);
    return quiet;
  };
}
