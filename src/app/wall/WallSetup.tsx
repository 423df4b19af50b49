// /wall without ids or a token: choose the workflows a wall shows and open it here, or (owner)
// make a kiosk link: a wall token in the address, for a screen nobody signs in on.
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { IWorkflowListItem } from '../../model/api.ts';
import type { WallToken } from '../../model/wall.ts';
import { WALL_TOKEN_WORKFLOWS_MAX } from '../../model/wall.ts';
import { getWorkflows } from '../api/workflows.ts';
import { createWallToken, deleteWallToken, getWallTokens } from '../api/wall.ts';
import { errorMessage } from '../api/errors.ts';
import { basePath } from '../basePath.ts';
import { useStores } from '../stores/context.ts';
import { copyWithToast } from '../ui/copyWithToast.ts';

function kioskUrl(token: string): string {
  return `${location.origin}${basePath}wall?token=${encodeURIComponent(token)}`;
}

export const WallSetup = observer(function WallSetup() {
  const root = useStores();
  const [, navigate] = useLocation();
  const role = root.users.currentUser?.globalRole.name;
  const mayMakeTokens = role === 'owner' || role === 'default';
  const [workflows, setWorkflows] = useState<IWorkflowListItem[]>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [interval, setIntervalSeconds] = useState(20);
  const [label, setLabel] = useState('Operations room');
  const [tokens, setTokens] = useState<WallToken[]>([]);
  const [made, setMade] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    getWorkflows().then(
      (list) => setWorkflows([...list].sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name))),
      (e: unknown) => setError(errorMessage(e)),
    );
    if (mayMakeTokens) getWallTokens().then(setTokens, (e: unknown) => setError(errorMessage(e)));
  }, [mayMakeTokens]);

  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : c.length < WALL_TOKEN_WORKFLOWS_MAX ? [...c, id] : c));
  const query = `ids=${chosen.map(encodeURIComponent).join(',')}${interval !== 20 ? `&interval=${interval}` : ''}`;
  const names = new Map((workflows ?? []).map((w) => [w.id, w.name]));

  const makeToken = async () => {
    setError(undefined);
    try {
      const t = await createWallToken(label.trim(), chosen);
      setMade(`${kioskUrl(t.token)}${interval !== 20 ? `&interval=${interval}` : ''}`);
      setTokens(await getWallTokens());
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const revoke = async (id: string) => {
    setError(undefined);
    try {
      await deleteWallToken(id);
      setTokens((list) => list.filter((t) => t.id !== id));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <div className="wall-setup" data-testid="wall-setup">
      <h1>Wall screen</h1>
      <p className="hint">
        A read-only screen for an operations room: the chosen workflows, fitted to the screen, with what their production executions do now. Pages turn by themselves when they do not fit one screen.
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <fieldset className="wall-choose">
        <legend>Workflows ({chosen.length} chosen)</legend>
        {!workflows && <p className="hint">Loading…</p>}
        {workflows?.length === 0 && <p className="hint">There are no workflows yet.</p>}
        <ul>
          {workflows?.map((w) => (
            <li key={w.id}>
              <label>
                <input type="checkbox" checked={chosen.includes(w.id)} onChange={() => toggle(w.id)} data-testid="wall-choose-workflow" />
                {w.name}
                {!w.active && <span className="wall-inactive">Inactive</span>}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <label className="wall-interval">
        Seconds per page
        <input type="number" min={5} max={3600} value={interval} onChange={(e) => setIntervalSeconds(Math.min(3600, Math.max(5, Number(e.target.value) || 20)))} />
      </label>
      <div className="wall-actions">
        <button type="button" className="btn btn-primary" disabled={!chosen.length} onClick={() => navigate(`/wall?${query}`)} data-testid="wall-open">
          Open wall here
        </button>
      </div>
      {mayMakeTokens && (
        <section className="wall-kiosk">
          <h2>Kiosk link</h2>
          <p className="hint">For a screen nobody signs in on: a link holding a wall token. It shows only the chosen workflows and opens nothing else. Anyone with the link sees them: revoke it when the screen goes.</p>
          <label>
            Label
            <input value={label} maxLength={128} onChange={(e) => setLabel(e.target.value)} data-testid="wall-token-label" />
          </label>
          <button type="button" className="btn" disabled={!chosen.length || !label.trim()} onClick={() => void makeToken()} data-testid="wall-make-token">
            Make kiosk link
          </button>
          {made && (
            <div className="wall-made">
              <code data-testid="wall-kiosk-url">{made}</code>
              <button type="button" className="btn" onClick={() => void copyWithToast(root.ui.toasts, made, { title: 'Kiosk link copied' }, 'Could not copy the link')}>
                Copy
              </button>
              <p className="hint">Shown once: the token is not stored, only its fingerprint.</p>
            </div>
          )}
          {tokens.length > 0 && (
            <table className="wall-tokens">
              <thead>
                <tr>
                  <th>Label</th>
                  <th>Workflows</th>
                  <th>Made</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {tokens.map((t) => (
                  <tr key={t.id} data-testid="wall-token-row">
                    <td>{t.label}</td>
                    <td>{t.workflowIds.map((id) => names.get(id) ?? id).join(', ')}</td>
                    <td>{new Date(t.createdAt).toLocaleString()}</td>
                    <td>
                      <button type="button" className="btn btn-ghost" onClick={() => void revoke(t.id)} data-testid="wall-token-revoke">
                        Revoke
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
});
