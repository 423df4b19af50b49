// The result of an expression as the preview computed it, with its state for colour:
// a value, '[invalid (…)]', '[not found]', '[filled at execution time]', 'Data to large'.
import type { ShownPreview } from './usePreview.ts';

export function ExpressionResult({ preview, current, compact }: { preview: ShownPreview | undefined; current: string; compact?: boolean }) {
  const stale = preview !== undefined && preview.text !== current;
  return (
    <div className={`expression-result${compact ? ' compact' : ''}`}>
      <div className="expression-result-head">
        <span className="expression-result-label">Result</span>
        {preview && preview.result.inputItems > 0 && <span className="hint">Item 1 of {preview.result.inputItems.toLocaleString('en-US')}</span>}
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
