// /wall without ids or a token: choose the workflows a wall shows and open it here, or (owner)
// make a kiosk link (WallKioskLinks). In the app's shell like the other pages; the wall itself
// is full screen without it.
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Input, Label, NumberField } from 'react-aria-components';
import { useLocation } from 'wouter';
import type { IWorkflowListItem } from '../../model/api.ts';
import { WALL_TOKEN_WORKFLOWS_MAX } from '../../model/wall.ts';
import { getWorkflows } from '../api/workflows.ts';
import { errorMessage } from '../api/errors.ts';
import { guardedNavigate } from '../navigation.ts';
import { EditorLayout } from '../shell/EditorLayout.tsx';
import { useStores } from '../stores/context.ts';
import { CheckboxField } from '../ui/CheckboxField.tsx';
import { WallKioskLinks } from './WallKioskLinks.tsx';
import '../ui/forms.css';

export const WallSetup = observer(function WallSetup() {
  const root = useStores();
  const [, navigate] = useLocation();
  const role = root.users.currentUser?.globalRole.name;
  const mayMakeTokens = role === 'owner' || role === 'default';
  const [workflows, setWorkflows] = useState<IWorkflowListItem[]>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [interval, setIntervalSeconds] = useState(20);
  const [error, setError] = useState<string>();

  useEffect(() => {
    getWorkflows().then(
      (list) => setWorkflows([...list].sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name))),
      (e: unknown) => setError(errorMessage(e)),
    );
  }, []);

  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : c.length < WALL_TOKEN_WORKFLOWS_MAX ? [...c, id] : c));
  const query = `ids=${chosen.map(encodeURIComponent).join(',')}${interval !== 20 ? `&interval=${interval}` : ''}`;
  const names = useMemo(() => new Map((workflows ?? []).map((w) => [w.id, w.name])), [workflows]);
  const newWorkflow = useCallback(() => void guardedNavigate(root, navigate, '/workflow'), [root, navigate]);
  const actions = useMemo(() => ({ onWorkflowPage: false, newWorkflow }), [newWorkflow]);

  const header = (
    <header className="app-header">
      <div className="header-left">
        <h1 className="wall-setup-title">Wall screen</h1>
      </div>
    </header>
  );
  return (
    <EditorLayout header={header} actions={actions}>
      <div className="wall-setup" data-testid="wall-setup">
        <div className="wall-setup-page">
          <p className="wall-setup-intro">
            A read-only screen for an operations room: the chosen workflows, fitted to the screen, with what their production executions do now. Pages turn by themselves when they do not fit one screen.
          </p>
          {error && (
            <div className="notice notice-error" role="alert">
              {error}
            </div>
          )}
          <section className="wall-setup-section" aria-labelledby="wall-choose-title">
            <h2 className="wall-setup-section-title" id="wall-choose-title">
              Workflows <span className="hint">{chosen.length} chosen</span>
            </h2>
            {!workflows && <p className="hint">Loading…</p>}
            {workflows?.length === 0 && <p className="hint">There are no workflows yet.</p>}
            {!!workflows?.length && (
              <ul className="wall-choose">
                {workflows.map((w) => (
                  <li key={w.id}>
                    <CheckboxField isSelected={chosen.includes(w.id)} onChange={() => toggle(w.id)} testId="wall-choose-workflow">
                      {w.name}
                      {!w.active && <span className="badge wall-setup-inactive">Inactive</span>}
                    </CheckboxField>
                  </li>
                ))}
              </ul>
            )}
            <div className="wall-setup-row">
              <NumberField className="form-field wall-interval" value={interval} onChange={(v) => setIntervalSeconds(Number.isFinite(v) ? v : 20)} minValue={5} maxValue={3600} step={1} formatOptions={{ maximumFractionDigits: 0 }}>
                <Label className="form-label">Seconds per page</Label>
                <Input className="input" data-testid="wall-interval" />
              </NumberField>
              <button type="button" className="btn btn-primary" disabled={!chosen.length} onClick={() => navigate(`/wall?${query}`)} data-testid="wall-open">
                Open wall here
              </button>
            </div>
          </section>
          {mayMakeTokens && <WallKioskLinks chosen={chosen} interval={interval} names={names} />}
        </div>
      </div>
    </EditorLayout>
  );
});
