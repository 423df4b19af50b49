// The sidebar's Credentials submenu (spec 001 §2.3, 002 §2): New opens the credential type
// picker (modal 'selectCredential'), Open the credentials list (modal 'credentialsList').
import { Button, Menu, MenuItem, MenuTrigger, Popover, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { Key } from 'react-aria-components';
import { faFolderOpen, faKey, faPlus } from '@fortawesome/free-solid-svg-icons';
import { useStores } from '../stores/context.ts';
import { Icon } from '../ui/Icon.tsx';

export function CredentialsMenu() {
  const { ui } = useStores();
  const onAction = (key: Key) => {
    if (key === 'new') ui.modals.open('selectCredential');
    else if (key === 'open') ui.modals.open('credentialsList');
  };
  return (
    <MenuTrigger>
      <TooltipTrigger delay={400}>
        <Button className="sidebar-entry" aria-label="Credentials" data-testid="sidebar-credentials">
          <Icon icon={faKey} />
        </Button>
        <Tooltip placement="right" offset={8} className="tooltip">
          Credentials
        </Tooltip>
      </TooltipTrigger>
      <Popover placement="right top" offset={8} className="menu-popover sidebar-menu-popover">
        <div className="menu-heading" aria-hidden>
          Credentials
        </div>
        <Menu className="menu" aria-label="Credentials" onAction={onAction} data-testid="credentials-menu">
          <MenuItem id="new" className="menu-item" textValue="New" data-testid="credentials-menu-new">
            <Icon icon={faPlus} />
            <span className="menu-item-label">New</span>
          </MenuItem>
          <MenuItem id="open" className="menu-item" textValue="Open" data-testid="credentials-menu-open">
            <Icon icon={faFolderOpen} />
            <span className="menu-item-label">Open</span>
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
