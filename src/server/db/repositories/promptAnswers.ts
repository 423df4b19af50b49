// Answers to the value survey, the contact prompt and the onboarding call (table
// prompt_answers), and the onboarding toasts shown: the instance is their store (issue 17).
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { newEntityId, nowIso } from './ids.ts';

export type PromptKind = 'valueSurvey' | 'contactPrompt' | 'onboardingCall' | 'onboardingToast';

export interface PromptAnswer {
  id: string;
  kind: PromptKind;
  userId: string | null;
  email: string | null;
  value: unknown;
  createdAt: string;
}

export class PromptAnswersRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async add(kind: PromptKind, userId: string | null, email: string | null, value: unknown): Promise<PromptAnswer> {
    const row = { id: newEntityId(), kind, userId, email, value: JSON.stringify(value ?? null), createdAt: nowIso() };
    await this.#db.insertInto('prompt_answers').values(row).execute();
    return { ...row, value: value ?? null };
  }

  /** Adds the email to the user's latest answer of this kind since `since`; false when there is none. */
  async addEmail(kind: PromptKind, userId: string, email: string, since: string): Promise<boolean> {
    const latest = await this.#db.selectFrom('prompt_answers').select('id').where('kind', '=', kind).where('userId', '=', userId).where('createdAt', '>=', since).orderBy('createdAt', 'desc').executeTakeFirst();
    if (!latest) return false;
    await this.#db.updateTable('prompt_answers').set({ email }).where('id', '=', latest.id).execute();
    return true;
  }

  /** The user's answers of one kind, newest first. */
  async ofUser(kind: PromptKind, userId: string): Promise<PromptAnswer[]> {
    const rows = await this.#db.selectFrom('prompt_answers').selectAll().where('kind', '=', kind).where('userId', '=', userId).orderBy('createdAt', 'desc').limit(100).execute();
    return rows.map(toAnswer);
  }

  /** Every answer but the toasts shown, newest first (the owner's table). */
  async list(limit = 10_000): Promise<PromptAnswer[]> {
    const rows = await this.#db.selectFrom('prompt_answers').selectAll().where('kind', '!=', 'onboardingToast').orderBy('createdAt', 'desc').limit(limit).execute();
    return rows.map(toAnswer);
  }
}

function toAnswer(r: { id: string; kind: string; userId: string | null; email: string | null; value: string; createdAt: string }): PromptAnswer {
  let value: unknown = null;
  try {
    value = JSON.parse(r.value);
  } catch {
    value = r.value;
  }
  return { id: r.id, kind: r.kind as PromptKind, userId: r.userId, email: r.email, value, createdAt: r.createdAt };
}
