// Fixed-height rows, only the visible ones rendered: 100,000 rows cost what 40 do. Wide content
// (a table of many columns) can also render only what is in view sideways: renderRow and header
// get the visible horizontal range.
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
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) rows.push(renderRow(i, view));

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
          <div style={{ position: 'absolute', top: first * rowHeight, left: 0, right: 0 }}>{rows}</div>
        </div>
      </div>
    </div>
  );
}
