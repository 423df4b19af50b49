// The sidebar's Help submenu (spec 001 §2.3): About, and the documentation this instance serves
// itself. The spec's other help links (quickstart video, documentation site, forum, course;
// spec 000 §1) point to n8n's sites; Switchyard has no such sites, so none are shown rather
// than links to someone else's product. The public API's interactive docs are served by the
// instance (when the public API is enabled) and open in a new tab.
import { observer } from 'mobx-react-lite';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { Key } from 'react-aria-components';
import { faBook, faCircleInfo, faCircleQuestion } from '@fortawesome/free-solid-svg-icons';
import { useStores } from '../stores/context.ts';
import { basePath } from '../basePath.ts';
import { apiPlaygroundUrl } from '../settings/links.ts';
import { Icon } from '../ui/Icon.tsx';

export const HelpMenu = observer(function HelpMenu() {
  const { ui, settings } = useStores();
  const s = settings.settings;
  const apiDocs = s?.publicApi.enabled ? apiPlaygroundUrl(s, basePath) : undefined;
  const onAction = (key: Key) => {
    if (key === 'about') ui.modals.open('about');
  };
  return (
    <MenuTrigger>
      <TooltipTrigger delay={400}>
        <Button className="sidebar-entry" aria-label="Help" data-testid="sidebar-help">
          <Icon icon={faCircleQuestion} />
        </Button>
        <Tooltip placement="right" offset={8} className="tooltip">
          Help
        </Tooltip>
      </TooltipTrigger>
      <Popover placement="right bottom" offset={8} className="menu-popover sidebar-menu-popover">
        <div className="menu-heading" aria-hidden>
          Help
        </div>
        <Menu className="menu" aria-label="Help" onAction={onAction} data-testid="help-menu">
          {apiDocs && (
            <MenuItem id="apiDocs" className="menu-item" href={apiDocs} target="_blank" rel="noopener" textValue="API documentation" data-testid="help-menu-api-docs">
              <Icon icon={faBook} />
              <span className="menu-item-label">API documentation</span>
            </MenuItem>
          )}
          <MenuItem id="about" className="menu-item" textValue="About Switchyard" data-testid="help-menu-about">
            <Icon icon={faCircleInfo} />
            <span className="menu-item-label">About Switchyard</span>
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
});
