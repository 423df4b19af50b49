// The main sidebar's user menu (spec 000 §2, §8): the signed-in user's avatar opens Settings and
// Sign out (not for the default user, who has no sign-in). Leaving an edited workflow asks first.
import { observer } from 'mobx-react-lite';
import { useLocation } from 'wouter';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { faGear, faRightFromBracket } from '@fortawesome/free-solid-svg-icons';
import type { Key } from 'react-aria-components';
import { useStores } from '../stores/context.ts';
import { displayName } from '../stores/UsersStore.ts';
import { mayAccess } from '../routes/access.ts';
import { confirmLeave, guardedNavigate } from '../navigation.ts';
import { errorMessage } from '../api/errors.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Icon } from '../ui/Icon.tsx';

export const UserMenu = observer(function UserMenu() {
  const root = useStores();
  const { users, settings, ui } = root;
  const [, navigate] = useLocation();
  const user = users.currentUser;
  if (!user) return null;
  const hasSettings = (['PersonalSettings', 'UsersSettings', 'APISettings', 'CommunityNodes'] as const).some((r) => mayAccess(r, user, settings.settings));
  const name = displayName(user);

  const onAction = async (key: Key) => {
    if (key === 'settings') {
      await guardedNavigate(root, navigate, '/settings');
    } else if (key === 'signout') {
      if (!(await confirmLeave(root))) return;
      try {
        await users.logout();
      } catch (e) {
        ui.toasts.error('Could not sign out', errorMessage(e), false);
      }
    }
  };

  return (
    <MenuTrigger>
      <Button className="sidebar-entry sidebar-user" aria-label={`User menu (${name})`} data-testid="user-menu-button">
        <Avatar user={user} size={28} />
      </Button>
      <Popover placement="right bottom" offset={8} className="menu-popover">
        <div className="user-menu-head" data-testid="user-menu-head">
          <Avatar user={user} size={32} />
          <div className="user-menu-who">
            <div className="user-menu-name">{name}</div>
            {user.email && name !== user.email && <div className="user-menu-email">{user.email}</div>}
          </div>
        </div>
        <Separator className="menu-separator" />
        <Menu className="menu" aria-label="User menu" onAction={(k) => void onAction(k)} data-testid="user-menu">
          {hasSettings && (
            <MenuItem id="settings" className="menu-item" data-testid="user-menu-settings">
              <Icon icon={faGear} />
              Settings
            </MenuItem>
          )}
          {!users.isDefaultUser && (
            <MenuItem id="signout" className="menu-item" data-testid="user-menu-signout">
              <Icon icon={faRightFromBracket} />
              Sign out
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
});
