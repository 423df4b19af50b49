// Fixed-height rows, only the visible ones rendered: 100,000 rows cost what 40 do.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

const OVERSCAN = 8;

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
  renderRow: (index: number) => ReactNode;
  /** Sticky content above the rows (table header). */
  header?: ReactNode;
  className?: string;
  testId?: string;
  /** Content width (wide tables scroll sideways). */
  minWidth?: number;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    setHeight(el.clientHeight);
    return () => ro.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) rows.push(renderRow(i));

  return (
    <div ref={scroller} className={`vlist ${className ?? ''}`} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)} data-testid={testId}>
      <div style={{ minWidth }}>
        {header}
        <div style={{ height: count * rowHeight, position: 'relative' }}>
          <div style={{ position: 'absolute', top: first * rowHeight, left: 0, right: 0 }}>{rows}</div>
        </div>
      </div>
    </div>
  );
}
