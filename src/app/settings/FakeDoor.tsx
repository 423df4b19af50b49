// A fake-door feature's placeholder (spec 000 §2 coming-soon pages): its icon, name, what it
// will do and a link to read more. Used by /settings/coming-soon/:featureId and the credential
// dialog's sharing tab.
import { faArrowUpRightFromSquare } from '@fortawesome/free-solid-svg-icons';
import type { FakeDoorFeature } from './fakeDoors.ts';
import { Icon } from '../ui/Icon.tsx';
import './settings.css';

export function FakeDoor({ feature, compact = false }: { feature: FakeDoorFeature; compact?: boolean }) {
  return (
    <div className={compact ? 'fake-door fake-door-compact' : 'fake-door'} data-testid={`fake-door-${feature.id}`}>
      <div className="fake-door-icon" aria-hidden="true">
        <Icon icon={feature.icon} />
      </div>
      <div className="fake-door-body">
        <strong className="fake-door-title">{feature.featureName} is coming soon</strong>
        <p className="fake-door-text">{feature.infoText}</p>
        <a className="fake-door-link" href={feature.linkURL} target="_blank" rel="noopener noreferrer" data-testid="fake-door-link">
          {feature.linkText}
          <Icon icon={faArrowUpRightFromSquare} />
        </a>
      </div>
    </div>
  );
}
