// The result of an expression as the preview computed it, with its state for colour:
// a value, '[invalid (…)]', '[not found]', '[filled at execution time]', 'Data to large'.
import type { ShownPreview } from './usePreview.ts';

export function ExpressionResult({
  preview,
  current,
  compact,
  onItem,
}: {
  preview: ShownPreview | undefined;
  current: string;
  compact?: boolean;
  /** Choose the input item the result is computed for. */
  onItem?: (index: number) => void;
}) {
  const stale = preview !== undefined && preview.text !== current;
  const items = preview?.result.inputItems ?? 0;
  const index = Math.min(preview?.itemIndex ?? 0, Math.max(0, items - 1));
  return (
    <div className={`expression-result${compact ? ' compact' : ''}`}>
      <div className="expression-result-head">
        <span className="expression-result-label">Result</span>
        {items > 0 && (
          <span className="expression-result-item hint">
            {onItem && items > 1 && (
              <button type="button" className="expr-item-step" aria-label="Previous item" disabled={index === 0} onMouseDown={(e) => e.preventDefault()} onClick={() => onItem(index - 1)}>
                ‹
              </button>
            )}
            <span data-testid="expression-result-item">
              Item {(index + 1).toLocaleString('en-US')} of {items.toLocaleString('en-US')}
            </span>
            {onItem && items > 1 && (
              <button type="button" className="expr-item-step" aria-label="Next item" disabled={index >= items - 1} onMouseDown={(e) => e.preventDefault()} onClick={() => onItem(index + 1)}>
                ›
              </button>
            )}
          </span>
        )}
      </div>
      <pre
        className={`expression-result-text mono state-${preview?.result.state ?? 'computing'}${stale ? ' stale' : ''}`}
        data-testid="expression-result"
        data-state={preview?.result.state ?? 'computing'}
        aria-live="polite"
      >
        {preview ? preview.result.text : '…'}
      </pre>
    </div>
  );
}
