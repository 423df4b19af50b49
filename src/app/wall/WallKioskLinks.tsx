// The owner's kiosk links on the wall's set-up page: a wall token in a link, for a screen
// nobody signs in on, shown once; the list of links with Revoke.
import { useEffect, useState } from 'react';
import type { WallToken } from '../../model/wall.ts';
import { createWallToken, deleteWallToken, getWallTokens } from '../api/wall.ts';
import { errorMessage } from '../api/errors.ts';
import { basePath } from '../basePath.ts';
import { useStores } from '../stores/context.ts';
import { copyWithToast } from '../ui/copyWithToast.ts';
import { FormField } from '../ui/FormField.tsx';

function kioskUrl(token: string, interval: number): string {
  return `${location.origin}${basePath}wall?token=${encodeURIComponent(token)}${interval !== 20 ? `&interval=${interval}` : ''}`;
}

export function WallKioskLinks({ chosen, interval, names }: { chosen: string[]; interval: number; names: Map<string, string> }) {
  const root = useStores();
  const [label, setLabel] = useState('Operations room');
  const [tokens, setTokens] = useState<WallToken[]>([]);
  const [made, setMade] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    getWallTokens().then(setTokens, (e: unknown) => setError(errorMessage(e)));
  }, []);

  const makeToken = async () => {
    setError(undefined);
    try {
      const t = await createWallToken(label.trim(), chosen);
      setMade(kioskUrl(t.token, interval));
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
    <section className="wall-setup-section" aria-labelledby="wall-kiosk-title">
      <h2 className="wall-setup-section-title" id="wall-kiosk-title">
        Kiosk link
      </h2>
      <p className="hint">For a screen nobody signs in on: a link holding a wall token. It shows only the chosen workflows and opens nothing else. Anyone with the link sees them: revoke it when the screen goes.</p>
      {error && (
        <div className="notice notice-error" role="alert">
          {error}
        </div>
      )}
      <div className="wall-setup-row">
        <FormField label="Label" value={label} onChange={setLabel} maxLength={128} testId="wall-token-label" />
        <button type="button" className="btn" disabled={!chosen.length || !label.trim()} onClick={() => void makeToken()} data-testid="wall-make-token">
          Make kiosk link
        </button>
      </div>
      {made && (
        <div className="wall-made">
          <div className="wall-made-link">
            <code data-testid="wall-kiosk-url">{made}</code>
            <button type="button" className="btn" onClick={() => void copyWithToast(root.ui.toasts, made, { title: 'Kiosk link copied' }, 'Could not copy the link')}>
              Copy
            </button>
          </div>
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
                  <button type="button" className="btn btn-ghost btn-s" onClick={() => void revoke(t.id)} data-testid="wall-token-revoke">
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
