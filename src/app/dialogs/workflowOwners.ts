// The Open workflow dialog's Owner column: the owner's list holds members' workflows too
// (GET /workflows rows carry ownerId), so it names whose each one is. Members see only their own
// and get no column.
import type { IWorkflowListItem } from '../../model/api.ts';
import { isOwner, type PublicUser } from '../../model/users.ts';
import { displayName } from '../stores/UsersStore.ts';

export const YOU = 'You';

/** Shown for the instance owner when some listed workflow belongs to another user. */
export function showsOwnerColumn(rows: readonly Pick<IWorkflowListItem, 'ownerId'>[], me: Pick<PublicUser, 'id' | 'globalRole'> | undefined): boolean {
  return !!me && isOwner(me) && rows.some((r) => !!r.ownerId && r.ownerId !== me.id);
}

/** 'You', the user's name (else address), '…' while the users list loads, 'Unknown user' if it is not in it. */
export function ownerLabel(ownerId: string | null | undefined, meId: string | undefined, users: { list: readonly PublicUser[]; loaded: boolean }): string {
  if (!ownerId) return '—';
  if (ownerId === meId) return YOU;
  const user = users.list.find((u) => u.id === ownerId);
  if (user) return displayName(user);
  return users.loaded ? 'Unknown user' : '…';
}
