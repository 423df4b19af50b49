// A User as the REST API shows it (spec 000 §3): never the password, tokens or API key.
import type { PublicUser } from '../../model/users.ts';
import type { User } from '../db/repositories/users.ts';

export function publicUser(user: User, extra: Partial<Pick<PublicUser, 'inviteAcceptUrl'>> = {}): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isPending: user.isPending,
    globalRole: { name: user.role },
    personalizationAnswers: user.personalizationAnswers,
    settings: user.settings,
    createdAt: user.createdAt,
    ...extra,
  };
}

/** The user's name for mails and notes: 'Ada Lovelace', or the address. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'the owner';
}
