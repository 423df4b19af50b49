// Account rules shared by the server and the editor (spec 000 §3, §5, §6, §9; spec 002 §4, §5):
// the user shape, roles, name/email/password rules and invitation parsing. Pure functions.

export type GlobalRole = 'default' | 'owner' | 'member';

/** A user as the REST API returns it (n8n's PublicUser). Never carries a password or key. */
export interface PublicUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** Invited and not signed up yet (no first name), or the default user before setup. */
  isPending: boolean;
  globalRole: { name: GlobalRole };
  personalizationAnswers: Record<string, unknown> | null;
  settings: UserSettings;
  createdAt: string;
  /** The owner's view of an invited user: the sign-up link sent in the mail. */
  inviteAcceptUrl?: string;
}

/** The user's own choices. */
export interface UserSettings {
  /** The agree box of setup and sign-up: wants mail about security and product updates. */
  updatesOptIn?: boolean;
}

/** Spec 000 §9: first and last name at most 32 characters. */
export const MAX_NAME_LENGTH = 32;
/** RFC 5321 path limit. */
export const MAX_EMAIL_LENGTH = 254;
/** Longest password accepted (scrypt takes any length; this bounds the work per request). */
export const MAX_PASSWORD_LENGTH = 64;
/** Spec 002 §9 default password rule. */
export const MIN_PASSWORD_LENGTH = 8;
/** Typed to confirm deleting a user together with their data (spec 002 §4). */
export const DELETE_USER_CONFIRMATION = 'delete all data';
/** A password-recovery link is valid this long (issue 9: 20 minutes). */
export const PASSWORD_RESET_TOKEN_TTL_MS = 20 * 60 * 1000;
/** Most addresses one invitation request may carry. */
export const MAX_INVITES_PER_REQUEST = 100;

export const PASSWORD_RULES_TEXT = 'At least 8 characters, including at least 1 number and 1 capital letter.';

/** Standard local-part@domain check (spec 000 §5). */
const EMAIL_PATTERN = /^[^\s@<>(),;:"\[\]\\]+@[^\s@<>(),;:"\[\]\\]+\.[^\s@<>(),;:"\[\]\\]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

/** Emails compare and are stored in lower case, trimmed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Why a first or last name is not accepted, or undefined. */
export function nameProblem(value: string | null | undefined, label: 'First name' | 'Last name'): string | undefined {
  const v = (value ?? '').trim();
  if (!v) return `${label} is required`;
  if (v.length > MAX_NAME_LENGTH) return `${label} must be at most ${MAX_NAME_LENGTH} characters`;
  return undefined;
}

/** Why a new password breaks the default rules (spec 002 §9), or undefined. */
export function passwordProblem(password: string | null | undefined): string | undefined {
  const p = password ?? '';
  if (!p) return 'Password is required';
  if (p.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  if (p.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`;
  if (!/\d/.test(p)) return 'Password must contain at least 1 number';
  if (!/[A-Z]/.test(p)) return 'Password must contain at least 1 capital letter';
  return undefined;
}

export type InviteParse = { emails: string[]; error?: undefined } | { emails?: undefined; error: string };

/**
 * The invite dialog's field (spec 002 §5): comma separated entries, each an address or
 * 'Name <address>' (only the address counts); '{email} is not a valid email' for a bad one and
 * 'no users to invite' when nothing remains. Duplicates collapse.
 */
export function parseInviteList(text: string): InviteParse {
  const emails: string[] = [];
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const angled = /<([^<>]*)>\s*$/.exec(entry);
    const email = (angled ? angled[1] : entry).trim();
    if (!isValidEmail(email)) return { error: `${email || entry} is not a valid email` };
    const n = normaliseEmail(email);
    if (!emails.includes(n)) emails.push(n);
  }
  if (emails.length === 0) return { error: 'no users to invite' };
  return { emails };
}

export function fullName(user: Pick<PublicUser, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

/** Spec 000 §3 derived flags. */
export function isDefaultUser(user: Pick<PublicUser, 'globalRole'> | null | undefined): boolean {
  return user?.globalRole.name === 'default';
}

export function isOwner(user: Pick<PublicUser, 'globalRole'> | null | undefined): boolean {
  return user?.globalRole.name === 'owner';
}

/** Spec 000 §2: follow a redirect only when it is a string starting with '/' (not '//', another host). */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}
