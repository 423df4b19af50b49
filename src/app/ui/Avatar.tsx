// A user's initials in a circle (a user icon when there are none: the default user).
import { faUser } from '@fortawesome/free-solid-svg-icons';
import type { PublicUser } from '../../model/users.ts';
import { userInitials } from '../stores/UsersStore.ts';
import { Icon } from './Icon.tsx';
import './avatar.css';

const HUES = [238, 200, 160, 28, 330, 268, 12, 180];

function hue(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return HUES[h % HUES.length];
}

export function Avatar({ user, size = 32 }: { user: Pick<PublicUser, 'id' | 'firstName' | 'lastName' | 'email'> | undefined; size?: number }) {
  const initials = userInitials(user);
  const h = user ? hue(user.id) : 238;
  return (
    <span
      className="avatar"
      aria-hidden
      style={{ width: size, height: size, fontSize: Math.round(size * 0.38), background: initials ? `hsl(${h} 55% 92%)` : 'var(--gray-3)', color: initials ? `hsl(${h} 45% 35%)` : 'var(--gray-8)' }}
    >
      {initials || <Icon icon={faUser} />}
    </span>
  );
}
