// The main sidebar (spec 001 §2.3): quick New and Open, the Workflows submenu, Help, and the
// user menu at the foot. Executions opens the executions dialog (modal 'executions'); the
// Credentials submenu the credential type picker and the credentials list (CredentialsMenu.tsx);
// Wall screen opens /wall, the operations-room view's set-up page.
import { faBoxOpen, faDisplay, faFolderOpen, faGift, faList, faPlus } from '@fortawesome/free-solid-svg-icons';
import { useLocation } from 'wouter';
import { guardedNavigate } from '../navigation.ts';
import { observer } from 'mobx-react-lite';
import { updateCountLabel } from '../versions/versionsFeed.ts';
import '../versions/versions.css';
import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { useStores } from '../stores/context.ts';
import { Icon } from '../ui/Icon.tsx';
import { Logo } from './Logo.tsx';
import { UserMenu } from './UserMenu.tsx';
import { WorkflowsMenu, type SidebarActions } from './WorkflowsMenu.tsx';
import { CredentialsMenu } from './CredentialsMenu.tsx';
import { HelpMenu } from './HelpMenu.tsx';
import './sidebarMenus.css';

export type { SidebarActions } from './WorkflowsMenu.tsx';

function Entry({ icon, label, shortcut, onPress, testId }: { icon: IconDefinition; label: string; shortcut?: string; onPress: () => void; testId: string }) {
  return (
    <TooltipTrigger delay={400}>
      <Button className="sidebar-entry" onPress={onPress} aria-label={label} data-testid={testId}>
        <Icon icon={icon} />
      </Button>
      <Tooltip placement="right" offset={8} className="tooltip">
        {label}
        {shortcut && <span className="tooltip-shortcut">{shortcut}</span>}
      </Tooltip>
    </TooltipTrigger>
  );
}

/** The count of newer versions (spec 000 §9: '99+'); opens the versions drawer. Hidden when there are none. */
const UpdatesEntry = observer(function UpdatesEntry() {
  const { ui, versions } = useStores();
  const count = versions.nextVersions.length;
  if (count === 0) return null;
  const label = `${count} update${count === 1 ? '' : 's'} available`;
  return (
    <TooltipTrigger delay={400}>
      <Button className="sidebar-entry sidebar-updates" onPress={() => ui.modals.open('versions')} aria-label={label} data-testid="sidebar-updates">
        <Icon icon={faGift} />
        <span className="sidebar-updates-count" aria-hidden data-testid="sidebar-updates-count">
          {updateCountLabel(count)}
        </span>
      </Button>
      <Tooltip placement="right" offset={8} className="tooltip">
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
});

/** Spec 001 §2.3: Templates, when the gallery is enabled. */
const TemplatesEntry = observer(function TemplatesEntry() {
  const root = useStores();
  const [, navigate] = useLocation();
  if (!root.settings.settings?.templates.enabled) return null;
  return <Entry icon={faBoxOpen} label="Templates" onPress={() => void guardedNavigate(root, navigate, '/templates/')} testId="sidebar-templates" />;
});

/** The wall screen's set-up page (issue 18). */
function WallEntry() {
  const root = useStores();
  const [, navigate] = useLocation();
  return <Entry icon={faDisplay} label="Wall screen" onPress={() => void guardedNavigate(root, navigate, '/wall')} testId="sidebar-wall" />;
}

export function Sidebar({ actions }: { actions: SidebarActions }) {
  const { ui } = useStores();
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="sidebar-logo" aria-hidden>
        <Logo />
      </div>
      <Entry icon={faPlus} label="New workflow" shortcut="Ctrl+Alt+N" onPress={actions.newWorkflow} testId="sidebar-new-workflow" />
      <Entry icon={faFolderOpen} label="Open workflow" shortcut="Ctrl+O" onPress={() => ui.modals.open('workflowOpen')} testId="sidebar-open-workflow" />
      <WorkflowsMenu actions={actions} />
      <TemplatesEntry />
      <CredentialsMenu />
      <Entry icon={faList} label="Executions" onPress={() => ui.modals.open('executions')} testId="sidebar-executions" />
      <WallEntry />
      <div className="sidebar-spacer" />
      <UpdatesEntry />
      <HelpMenu />
      <UserMenu />
    </nav>
  );
}
