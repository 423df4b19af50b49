import { observer } from 'mobx-react-lite';
import { faPlugCircleXmark } from '@fortawesome/free-solid-svg-icons';
import { useStores } from '../stores/context.ts';
import { Icon } from '../ui/Icon.tsx';

/** Shown while the push connection is down (spec 001 §2.2, §8). */
export const ConnectionLost = observer(function ConnectionLost() {
  const { push } = useStores();
  if (!push.settled || push.active) return null;
  return (
    <div className="connection-lost" role="status" title="Lost connection to the server. Reconnecting…" data-testid="connection-lost">
      <Icon icon={faPlugCircleXmark} />
      Connection lost
    </div>
  );
});
