// An icon button with a tooltip naming the action and its shortcut (canvas toolbars).
import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import { Icon } from '../../ui/Icon.tsx';

export function ToolButton({
  icon,
  label,
  shortcut,
  onPress,
  testId,
  disabled,
  busy,
  placement = 'top',
}: {
  icon: IconDefinition;
  label: string;
  shortcut?: string;
  onPress: () => void;
  testId: string;
  disabled?: boolean;
  busy?: boolean;
  placement?: 'top' | 'bottom';
}) {
  return (
    <TooltipTrigger delay={300} closeDelay={0}>
      <Button className="btn" onPress={onPress} aria-label={label} data-testid={testId} isDisabled={disabled || busy} data-busy={busy || undefined}>
        <Icon icon={icon} />
      </Button>
      <Tooltip placement={placement} offset={8} className="tooltip">
        {label}
        {shortcut && <span className="tooltip-shortcut">{shortcut}</span>}
      </Tooltip>
    </TooltipTrigger>
  );
}
