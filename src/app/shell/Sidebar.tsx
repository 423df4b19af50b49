// Slim sidebar: only entries that work; the user menu at the foot.
import { faCircleInfo, faFolderOpen, faPlus } from '@fortawesome/free-solid-svg-icons';
import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { useStores } from '../stores/context.ts';
import { Icon } from '../ui/Icon.tsx';
import { Logo } from './Logo.tsx';
import { UserMenu } from './UserMenu.tsx';

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

export function Sidebar({ onNewWorkflow }: { onNewWorkflow: () => void }) {
  const { ui } = useStores();
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="sidebar-logo" aria-hidden>
        <Logo />
      </div>
      <Entry icon={faPlus} label="New workflow" shortcut="Ctrl+Alt+N" onPress={onNewWorkflow} testId="sidebar-new-workflow" />
      <Entry icon={faFolderOpen} label="Open workflow" shortcut="Ctrl+O" onPress={() => ui.modals.open('workflowOpen')} testId="sidebar-open-workflow" />
      <div className="sidebar-spacer" />
      <Entry icon={faCircleInfo} label="About Switchyard" onPress={() => ui.modals.open('about')} testId="sidebar-about" />
      <UserMenu />
    </nav>
  );
}
