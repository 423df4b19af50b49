// The endpoint plus hint (spec 001 §2.4): 'Click to add node or drag to connect' appears 150 ms
// after the pointer reaches a plus and goes 500 ms after it leaves; a press hides it at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENDPOINT_HIDE_DELAY_MS, ENDPOINT_HOVER_DELAY_MS, ENDPOINT_PLUS_HINT } from '../../src/model/constants.ts';
import { EndpointHint } from '../../src/canvas/a11y/EndpointHint.ts';

// The hint is a plain DOM element; the unit tests run in node, so a minimal element stands in.
function fakeElement() {
  return { style: {} as Record<string, string>, dataset: {} as Record<string, string>, textContent: '', attrs: {} as Record<string, string>, setAttribute(k: string, v: string) { this.attrs[k] = v; }, remove() {} };
}

describe('EndpointHint timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('document', { createElement: () => fakeElement() });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const shown = (h: EndpointHint) => h.el.style.display === 'block';

  it('uses the spec delays and text', () => {
    expect(ENDPOINT_HOVER_DELAY_MS).toBe(150);
    expect(ENDPOINT_HIDE_DELAY_MS).toBe(500);
    const h = new EndpointHint();
    expect(h.el.textContent).toBe(ENDPOINT_PLUS_HINT);
    expect(h.el.textContent).toBe('Click to add node or drag to connect');
    expect((h.el as unknown as { attrs: Record<string, string> }).attrs.role).toBe('tooltip');
  });

  it('shows 150 ms after hovering, at the point read when the delay is over', () => {
    const h = new EndpointHint();
    let at = { x: 10, y: 20 };
    h.showSoon(() => at);
    vi.advanceTimersByTime(149);
    expect(shown(h)).toBe(false);
    at = { x: 30, y: 40 };
    vi.advanceTimersByTime(1);
    expect(shown(h)).toBe(true);
    expect([h.el.style.left, h.el.style.top]).toEqual(['30px', '40px']);
  });

  it('leaving before the hover delay shows nothing', () => {
    const h = new EndpointHint();
    h.showSoon(() => ({ x: 0, y: 0 }));
    vi.advanceTimersByTime(100);
    h.hide(false);
    vi.advanceTimersByTime(1000);
    expect(shown(h)).toBe(false);
  });

  it('hides 500 ms after the pointer leaves; coming back in time keeps it', () => {
    const h = new EndpointHint();
    h.showSoon(() => ({ x: 0, y: 0 }));
    vi.advanceTimersByTime(150);
    expect(shown(h)).toBe(true);
    h.hide(false);
    vi.advanceTimersByTime(499);
    expect(shown(h)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(shown(h)).toBe(false);

    // Shown again, left, and re-entered within the hide delay: the pending hide is cancelled.
    h.showSoon(() => ({ x: 0, y: 0 }));
    vi.advanceTimersByTime(150);
    h.hide(false);
    vi.advanceTimersByTime(300);
    h.showSoon(() => ({ x: 5, y: 5 }));
    vi.advanceTimersByTime(400);
    expect(shown(h)).toBe(true);
  });

  it('a press or a pan hides at once and cancels pending timers', () => {
    const h = new EndpointHint();
    h.showSoon(() => ({ x: 0, y: 0 }));
    vi.advanceTimersByTime(150);
    h.hide(true);
    expect(shown(h)).toBe(false);
    h.showSoon(() => ({ x: 0, y: 0 }));
    vi.advanceTimersByTime(50);
    h.hide(true);
    vi.advanceTimersByTime(1000);
    expect(shown(h)).toBe(false);
  });

  it('destroy clears the timers', () => {
    const h = new EndpointHint();
    h.showSoon(() => ({ x: 0, y: 0 }));
    h.destroy();
    vi.advanceTimersByTime(1000);
    expect(shown(h)).toBe(false);
  });
});
