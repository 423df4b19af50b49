// The endpoint plus hint (spec 001 §2.4): 'Click to add node or drag to connect', shown after
// the hover delay and hidden after the hide delay. A DOM tooltip, so screen readers and tests
// read the same words a person sees.
import { ENDPOINT_HIDE_DELAY_MS, ENDPOINT_HOVER_DELAY_MS, ENDPOINT_PLUS_HINT } from '../../model/constants.ts';

export class EndpointHint {
  readonly el: HTMLDivElement;
  private showTimer: ReturnType<typeof setTimeout> | undefined;
  private hideTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    this.el = document.createElement('div');
    this.el.setAttribute('role', 'tooltip');
    this.el.dataset.testid = 'canvas-endpoint-hint';
    this.el.textContent = ENDPOINT_PLUS_HINT;
    Object.assign(this.el.style, {
      position: 'absolute', display: 'none', pointerEvents: 'none', whiteSpace: 'nowrap', font: '12px/1.3 system-ui, sans-serif',
      color: '#fff', background: 'rgba(30,34,42,0.92)', padding: '5px 8px', borderRadius: '6px', transform: 'translate(-50%, calc(-100% - 10px))',
    });
  }

  /** Shows the hint above the point `at()` returns (read when the delay is over). */
  showSoon(at: () => { x: number; y: number }): void {
    clearTimeout(this.hideTimer);
    clearTimeout(this.showTimer);
    this.showTimer = setTimeout(() => {
      const p = at();
      this.el.style.left = `${p.x}px`;
      this.el.style.top = `${p.y}px`;
      this.el.style.display = 'block';
    }, ENDPOINT_HOVER_DELAY_MS);
  }

  /** Hides at once (a press, a pan) or after the hide delay (the pointer moved away). */
  hide(now: boolean): void {
    clearTimeout(this.showTimer);
    if (now) {
      clearTimeout(this.hideTimer);
      this.el.style.display = 'none';
      return;
    }
    if (this.el.style.display === 'none') return;
    clearTimeout(this.hideTimer);
    this.hideTimer = setTimeout(() => (this.el.style.display = 'none'), ENDPOINT_HIDE_DELAY_MS);
  }

  destroy(): void {
    clearTimeout(this.showTimer);
    clearTimeout(this.hideTimer);
    this.el.remove();
  }
}
