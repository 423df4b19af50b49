// A node's run error (spec 001 §2.7): message, description and the details n8n shows.
import type { ExecutionError } from '../../../model/execution.ts';

function causeText(cause: unknown): string | undefined {
  if (cause === undefined || cause === null) return undefined;
  try {
    const s = typeof cause === 'string' ? cause : JSON.stringify(cause, null, 2);
    // A cause too large to read is not shown (spec 001 §2.7).
    return s.length > 20000 ? undefined : s;
  } catch {
    return undefined;
  }
}

export function RunErrorView({ error, runIndex }: { error: ExecutionError; runIndex: number }) {
  const ctx = error.context ?? {};
  const rows: Array<[string, string]> = [];
  if (error.timestamp) rows.push(['Time', new Date(error.timestamp).toLocaleString()]);
  if (ctx.itemIndex !== undefined) rows.push(['Item index', String(ctx.itemIndex)]);
  rows.push(['Run index', String(ctx.runIndex ?? runIndex)]);
  if (ctx.parameter) rows.push(['Parameter', String(ctx.parameter)]);
  if (error.httpCode) rows.push(['HTTP code', String(error.httpCode)]);
  const cause = causeText(error.cause);
  return (
    <div className="run-error" role="alert" data-testid="run-error">
      <div className="run-error-title">{error.message || 'The node failed'}</div>
      {error.description && <div className="run-error-desc">{error.description}</div>}
      <dl className="run-error-details">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {cause && (
        <details>
          <summary>Cause</summary>
          <pre>{cause}</pre>
        </details>
      )}
      {error.stack && (
        <details>
          <summary>Stack</summary>
          <pre>{error.stack}</pre>
        </details>
      )}
    </div>
  );
}
