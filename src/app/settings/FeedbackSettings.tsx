// FeedbackSettings (/settings/feedback; issue 17): what users answered in the personalization
// survey, the value survey, the contact prompt and the onboarding call offer, newest first, for
// the owner (and the default user before setup); the same as a CSV download.
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { faFileArrowDown } from '@fortawesome/free-solid-svg-icons';
import type { FeedbackRow } from '../../model/api.ts';
import { errorMessage } from '../api/errors.ts';
import { FEEDBACK_CSV_URL, getFeedback } from '../api/prompts.ts';
import { Icon } from '../ui/Icon.tsx';
import { SettingsLayout } from './SettingsLayout.tsx';

export const KIND_LABELS: Record<FeedbackRow['kind'], string> = {
  personalization: 'Personalization survey',
  valueSurvey: 'Value survey',
  contactPrompt: 'Contact prompt',
  onboardingCall: 'Onboarding call',
  onboardingToast: 'Onboarding offer shown',
};

const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

export const FeedbackSettings = observer(function FeedbackSettings() {
  const [rows, setRows] = useState<FeedbackRow[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    getFeedback().then(setRows, (e: unknown) => setError(errorMessage(e)));
  }, []);
  const actions = (
    <a className="btn" href={FEEDBACK_CSV_URL} download data-testid="feedback-csv">
      <Icon icon={faFileArrowDown} /> Download CSV
    </a>
  );
  return (
    <SettingsLayout title="Feedback" actions={actions} testId="feedback-settings">
      <p className="settings-intro">
        What your users answered in the personalization survey, the 0–10 rating, the contact prompt and the onboarding call offer. It is kept on this instance only; nothing is sent anywhere else.
      </p>
      {error && (
        <p className="field-error" role="alert">
          Could not load the answers: {error}
        </p>
      )}
      {rows && rows.length === 0 && (
        <p className="settings-empty" data-testid="feedback-empty">
          No answers yet. They appear here as users answer the survey and prompts.
        </p>
      )}
      {rows && rows.length > 0 && (
        <div className="feedback-table-wrap">
          <table className="feedback-table" data-testid="feedback-table">
            <thead>
              <tr>
                <th>Date</th>
                <th>Kind</th>
                <th>User</th>
                <th>Answer</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} data-testid="feedback-row">
                  <td className="nowrap">{r.createdAt ? date.format(new Date(r.createdAt)) : '—'}</td>
                  <td className="nowrap">{KIND_LABELS[r.kind] ?? r.kind}</td>
                  <td>
                    {r.userName || '—'}
                    {r.userEmail && <div className="feedback-sub">{r.userEmail}</div>}
                  </td>
                  <td className="feedback-answer">
                    {r.answer || (r.email ? '' : '—')}
                    {r.email && <div className="feedback-sub">Email given: {r.email}</div>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SettingsLayout>
  );
});
