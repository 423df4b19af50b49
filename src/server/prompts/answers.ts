// The owner's view of what users answered (issue 17): GET <rest>/prompt-answers (the table of
// Settings → Feedback) and GET <rest>/prompt-answers.csv (the same, to download). Owner and the
// default user only: answers carry addresses people gave.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { requireRole } from '../auth/requestAuth.ts';
import { answerLabel, QUESTION_NAMES } from '../../model/survey.ts';
import type { FeedbackRow } from '../../model/api.ts';

const META = new Set(['version', 'personalization_survey_submitted_at', 'personalization_survey_n8n_version']);

/** A personalization answer as text: labels, lists joined. */
function surveyText(answers: Record<string, unknown>): string {
  return Object.entries(answers)
    .filter(([k, v]) => !META.has(k) && v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${QUESTION_NAMES[k] ?? k}: ${(Array.isArray(v) ? v : [v]).map((x) => answerLabel(k, String(x))).join(', ')}`)
    .join('\n');
}

function promptText(kind: string, value: unknown): string {
  if (kind === 'valueSurvey') return value === null ? 'closed without a score' : `score ${String(value)}`;
  if (kind === 'onboardingCall') return (value as { signedUp?: boolean } | null)?.signedUp ? 'signed up for a call' : 'declined the call';
  return '';
}

export async function feedbackRows(ctx: ServerContext): Promise<FeedbackRow[]> {
  const users = await ctx.repos.users.list();
  const byId = new Map(users.map((u) => [u.id, u]));
  const who = (id: string | null) => {
    const u = id ? byId.get(id) : undefined;
    return { userId: id, userName: u ? [u.firstName, u.lastName].filter(Boolean).join(' ') : '', userEmail: u?.email ?? '' };
  };
  const rows: FeedbackRow[] = [];
  for (const u of users) {
    const a = u.personalizationAnswers;
    if (!a || typeof a !== 'object') continue;
    rows.push({ kind: 'personalization', ...who(u.id), email: '', answer: surveyText(a), createdAt: typeof a.personalization_survey_submitted_at === 'string' ? a.personalization_survey_submitted_at : '' });
  }
  for (const p of await ctx.repos.promptAnswers.list()) {
    rows.push({ kind: p.kind, ...who(p.userId), email: p.email ?? '', answer: promptText(p.kind, p.value), createdAt: p.createdAt });
  }
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** RFC 4180 field; a leading = + - @ is quoted with an apostrophe so a spreadsheet does not run it. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const COLUMNS: Array<[keyof FeedbackRow, string]> = [
  ['createdAt', 'Date'],
  ['kind', 'Kind'],
  ['userName', 'User'],
  ['userEmail', 'User email'],
  ['email', 'Email given'],
  ['answer', 'Answer'],
];

export function feedbackCsv(rows: FeedbackRow[]): string {
  const lines = [COLUMNS.map(([, h]) => h).join(',')];
  for (const r of rows) lines.push(COLUMNS.map(([k]) => csvField(String(r[k] ?? ''))).join(','));
  return lines.join('\r\n') + '\r\n';
}

export function promptAnswersRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/prompt-answers', async (request) => {
    requireRole(request, ['owner', 'default'], 'read the feedback users gave');
    return { data: await feedbackRows(ctx) };
  });
  app.get('/prompt-answers.csv', async (request, reply) => {
    requireRole(request, ['owner', 'default'], 'read the feedback users gave');
    const csv = feedbackCsv(await feedbackRows(ctx));
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="switchyard-feedback.csv"').send(csv);
  });
}
