// Fixed-height rows, only the visible ones rendered: 100,000 rows cost what 40 do. Wide content
// (a table of many columns) can also render only what is in view sideways: renderRow and header
// get the visible horizontal range. Rows live in a fixed pool of slots (row i in slot i % pool,
// placed at its own top), so scrolling updates the text of the rows already there instead of
// removing and creating elements: the slots never change order, React only patches them.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

const OVERSCAN = 8;

/** The horizontal range in view (content pixels). */
export interface HorizontalView {
  left: number;
  width: number;
}

export function VirtualList({
  count,
  rowHeight,
  renderRow,
  header,
  className,
  testId,
  minWidth,
}: {
  count: number;
  rowHeight: number;
  /** The row's content (no key needed: its slot is keyed). */
  renderRow: (index: number, view: HorizontalView) => ReactNode;
  /** Sticky content above the rows (table header). */
  header?: ReactNode | ((view: HorizontalView) => ReactNode);
  className?: string;
  testId?: string;
  /** Content width (wide tables scroll sideways). */
  minWidth?: number;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState({ top: 0, left: 0 });
  const [size, setSize] = useState({ height: 400, width: 800 });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setSize({ height: el.clientHeight, width: el.clientWidth });
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    measure();
    return () => ro.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(pos.top / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((pos.top + size.height) / rowHeight) + OVERSCAN);
  const view: HorizontalView = { left: pos.left, width: size.width };
  // Enough slots for any window of this height.
  const pool = Math.ceil(size.height / rowHeight) + 2 * OVERSCAN + 2;
  const slots: ReactNode[] = new Array(Math.min(pool, count)).fill(null);
  for (let i = first; i < last; i++) {
    const slot = i % pool;
    slots[slot] = (
      <div key={slot} className="vrow" style={{ top: i * rowHeight, height: rowHeight }}>
        {renderRow(i, view)}
      </div>
    );
  }

  return (
    <div
      ref={scroller}
      className={`vlist ${className ?? ''}`}
      onScroll={(e) => {
        const { scrollTop, scrollLeft } = e.currentTarget;
        setPos((p) => (p.top === scrollTop && p.left === scrollLeft ? p : { top: scrollTop, left: scrollLeft }));
      }}
      data-testid={testId}
    >
      <div style={{ minWidth }}>
        {typeof header === 'function' ? header(view) : header}
        <div style={{ height: count * rowHeight, position: 'relative' }}>
          {slots}
        </div>
      </div>
    </div>
  );
}
