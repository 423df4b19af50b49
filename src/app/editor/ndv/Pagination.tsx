import { PAGINATION_SIZES } from '../../../model/constants.ts';

/** 0 = all items on one page. */
export type PageSize = (typeof PAGINATION_SIZES)[number] | 0;

export function Pagination({ total, page, size, onPage, onSize }: { total: number; page: number; size: PageSize; onPage: (p: number) => void; onSize: (s: PageSize) => void }) {
  const pages = size === 0 ? 1 : Math.max(1, Math.ceil(total / size));
  if (total <= PAGINATION_SIZES[0]) return null;
  return (
    <div className="pagination" data-testid="pagination">
      <button type="button" className="btn btn-ghost btn-s" disabled={page <= 0} onClick={() => onPage(page - 1)} aria-label="Previous page">
        ‹
      </button>
      <span className="pagination-text">
        Page {page + 1} of {pages.toLocaleString()}
      </span>
      <button type="button" className="btn btn-ghost btn-s" disabled={page >= pages - 1} onClick={() => onPage(page + 1)} aria-label="Next page">
        ›
      </button>
      <select className="select select-s" aria-label="Items per page" value={size} onChange={(e) => onSize(Number(e.target.value) as PageSize)} data-testid="page-size">
        {PAGINATION_SIZES.map((s) => (
          <option key={s} value={s}>
            {s} / page
          </option>
        ))}
        <option value={0}>All</option>
      </select>
    </div>
  );
}
