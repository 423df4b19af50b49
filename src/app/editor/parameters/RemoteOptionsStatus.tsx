// Under a remote options input: the loading line, or the issue with a Retry.
import type { RemoteOptionsState } from './remoteOptions.ts';

export function RemoteOptionsStatus({ state, path, onRetry }: { state: RemoteOptionsState; path: string; onRetry: () => void }) {
  if (state.status === 'loading') {
    return (
      <div className="hint remote-options-loading" role="status" data-testid={`remote-options-loading-${path}`}>
        <span className="spinner-dot" aria-hidden /> Loading options…
      </div>
    );
  }
  if (state.status === 'issue') {
    return (
      <div className="field-error remote-options-issue" role="alert" data-testid={`remote-options-issue-${path}`}>
        <span>{state.error}</span>
        <button type="button" className="btn btn-ghost btn-s" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  }
  return null;
}
