// UsersSettings (/settings/users, spec 000 §2): the owner invites (needs SMTP: otherwise the
// button is disabled with a tooltip and a warning names the settings), re-invites pending users
// and deletes others. The default user, before setup, sees only the way to set up the owner.
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Focusable, Tooltip, TooltipTrigger } from 'react-aria-components';
import { faUserPlus } from '@fortawesome/free-solid-svg-icons';
import type { PublicUser } from '../../model/users.ts';
import { useStores } from '../stores/context.ts';
import { displayName } from '../stores/UsersStore.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { Notice } from '../auth/AuthLayout.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { Icon } from '../ui/Icon.tsx';
import { copyWithToast } from '../ui/copyWithToast.ts';
import { SettingsLayout } from './SettingsLayout.tsx';

export const SMTP_TOOLTIP = 'Set up SMTP to invite users: invitations are sent by email';

export const UsersSettings = observer(function UsersSettings() {
  const { users } = useStores();
  if (users.isDefaultUser) return <SetupPending />;
  return <UsersList />;
});

function SetupPending() {
  const [, navigate] = useLocation();
  return (
    <SettingsLayout title="Users" testId="users-settings">
      <div className="action-box" data-testid="users-setup-box">
        <h2 className="action-box-title">To invite users, set up your own account</h2>
        <p className="action-box-text">
          Create the owner account first. Invited users get their own accounts, and see only their own workflows and credentials; the owner sees everything.
        </p>
        <button type="button" className="btn btn-primary btn-large" onClick={() => navigate('/setup')} data-testid="users-setup-button">
          Set up my owner account
        </button>
      </div>
    </SettingsLayout>
  );
}

const UsersList = observer(function UsersList() {
  const { users, settings, ui } = useStores();
  const smtp = settings.smtpSetup;
  const [loadError, setLoadError] = useState<string | undefined>();
  const [reinviting, setReinviting] = useState<string | undefined>();

  useEffect(() => {
    users.fetchUsers().catch((e: unknown) => {
      if (isSessionEnded(e)) return;
      setLoadError(errorMessage(e));
      ui.toasts.error('Could not load users', errorMessage(e), false);
    });
  }, [users, ui]);

  const reinvite = async (user: PublicUser) => {
    setReinviting(user.id);
    try {
      await users.reinviteUser(user.id);
      ui.toasts.success('Invite resent', `To ${user.email}`);
    } catch (e) {
      if (!isSessionEnded(e)) ui.toasts.error('Could not reinvite user', errorMessage(e), false);
    } finally {
      setReinviting(undefined);
    }
  };

  const copyLink = async (user: PublicUser) => {
    if (!user.inviteAcceptUrl) return;
    await copyWithToast(ui.toasts, user.inviteAcceptUrl, { title: 'Invite link copied', message: `Send it to ${user.email}: it signs them up.` }, 'Could not copy the invite link');
  };

  // Disabled without SMTP, but still hoverable and focusable so its tooltip can say why.
  const inviteButton = (
    <TooltipTrigger delay={200} isDisabled={smtp}>
      <Focusable>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => smtp && ui.modals.open('inviteUser')}
          aria-disabled={!smtp || undefined}
          data-disabled={!smtp || undefined}
          data-testid="users-invite"
        >
          <Icon icon={faUserPlus} />
          Invite
        </button>
      </Focusable>
      <Tooltip placement="bottom end" offset={6} className="tooltip tooltip-wide">
        {SMTP_TOOLTIP}
      </Tooltip>
    </TooltipTrigger>
  );

  return (
    <SettingsLayout title="Users" testId="users-settings" actions={inviteButton}>
      {!smtp && (
        <div id="users-smtp-warning">
          <Notice kind="warning" title="Set up SMTP before inviting users" testId="users-smtp-warning">
            Switchyard sends each invitation by email. Set <code>SWITCHYARD_SMTP_HOST</code> (and <code>SWITCHYARD_SMTP_PORT</code>, <code>SWITCHYARD_SMTP_USER</code>,{' '}
            <code>SWITCHYARD_SMTP_PASSWORD</code> as your mail server needs) and restart Switchyard. A mail server on port 587 or 25 (STARTTLS) also needs <code>SWITCHYARD_SMTP_SSL=false</code>
            — the default expects TLS from the start, as on port 465, and fails there.
          </Notice>
        </div>
      )}
      {!users.usersLoaded ? (
        <div className="users-list users-empty" role="status">
          {loadError ? `Could not load users: ${loadError}` : 'Loading users…'}
        </div>
      ) : (
        <ul className="users-list" aria-label="Users" data-testid="users-list">
          {users.sortedUsers.map((u) => (
            <UserRow key={u.id} user={u} isMe={u.id === users.currentUser?.id} smtp={smtp} reinviting={reinviting === u.id} onReinvite={reinvite} onCopyLink={copyLink} onDelete={() => ui.modals.open('deleteUser', { activeId: u.id })} />
          ))}
        </ul>
      )}
    </SettingsLayout>
  );
});

function roleLabel(user: PublicUser): string {
  const r = user.globalRole.name;
  return r === 'owner' ? 'Owner' : r === 'member' ? 'Member' : 'Default';
}

function UserRow(props: { user: PublicUser; isMe: boolean; smtp: boolean; reinviting: boolean; onReinvite: (u: PublicUser) => void; onCopyLink: (u: PublicUser) => void; onDelete: () => void }) {
  const { user, isMe } = props;
  const name = user.isPending ? '' : displayName(user);
  const label = name || user.email || user.id;
  return (
    <li className="user-row" data-testid="user-row" data-email={user.email ?? ''} aria-label={label}>
      <Avatar user={user} size={36} />
      <div className="user-info">
        <div className="user-name">
          <span className="user-name-text">{name || user.email}</span>
          {isMe && <span className="user-you">(you)</span>}
          {user.isPending && (
            <span className="badge badge-warning" data-testid="user-pending">
              Pending
            </span>
          )}
        </div>
        {name && user.email && <div className="user-email">{user.email}</div>}
      </div>
      <div className="user-role" data-testid="user-role">
        {roleLabel(user)}
      </div>
      <div className="user-actions">
        {user.isPending && user.inviteAcceptUrl && (
          <button type="button" className="btn btn-s btn-ghost" onClick={() => props.onCopyLink(user)} aria-label={`Copy link for ${label}`} data-testid="user-copy-link">
            Copy link
          </button>
        )}
        {user.isPending && (
          <button
            type="button"
            className="btn btn-s"
            onClick={() => props.onReinvite(user)}
            disabled={!props.smtp || props.reinviting}
            title={props.smtp ? undefined : SMTP_TOOLTIP}
            aria-label={`Re-invite ${label}`}
            data-testid="user-reinvite"
          >
            {props.reinviting ? 'Sending…' : 'Re-invite'}
          </button>
        )}
        {!isMe && (
          <button type="button" className="btn btn-s btn-ghost user-delete" onClick={props.onDelete} aria-label={`Delete ${label}`} data-testid="user-delete">
            Delete
          </button>
        )}
      </div>
    </li>
  );
}
