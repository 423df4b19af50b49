// The output panel's pinning pieces (n8n's RunData): the Edit Output and pin buttons of the
// header, the 'This data is pinned' banner, the editor with its Cancel / Save row, the pin
// discovery hint of trigger nodes, and the two questions ('Save output changes before
// closing?', 'Unpin output data?').
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { faPen, faThumbtack } from '@fortawesome/free-solid-svg-icons';
import { ConfirmDialog } from '../../../dialogs/ConfirmDialog.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { PinEditor } from './PinEditor.tsx';
import type { PinEditStore } from './pinEditStore.ts';

/** n8n's local flag: the pin discovery hint was seen (spec 001 §9 local flags). */
export const PIN_DISCOVERY_FLAG = 'N8N_PIN_DATA_DISCOVERY_NDV';

export const PIN_TITLE = 'Pin data';
export const PIN_DESCRIPTION = "Node will always output current data instead of executing. Doesn't apply to production executions.";
export const PIN_BINARY = "Pin Data is disabled as this node's output contains binary data.";
export const UNPIN_TITLE = 'Unpin data';

export const PinActions = observer(function PinActions({
  store,
  pinned,
  editing,
  canPin,
  pinBlocked,
  onEdit,
  onTogglePin,
}: {
  store: PinEditStore;
  pinned: boolean;
  editing: boolean;
  /** There is output to pin (or pinned data to unpin). */
  canPin: boolean;
  /** Why pinning is not possible now (binary data, running). */
  pinBlocked: string | undefined;
  onEdit: () => void;
  onTogglePin: () => void;
}) {
  return (
    <div className="pin-actions">
      {!editing && (
        <button type="button" className="btn btn-ghost btn-icon btn-s" title="Edit Output" aria-label="Edit Output" onClick={onEdit} disabled={store.busy} data-testid="ndv-edit-output">
          <Icon icon={faPen} />
        </button>
      )}
      {(canPin || pinned) && (
        <button
          type="button"
          className={pinned ? 'btn btn-ghost btn-icon btn-s pin-button pin-button-active' : 'btn btn-ghost btn-icon btn-s pin-button'}
          aria-pressed={pinned}
          aria-label={pinned ? UNPIN_TITLE : PIN_TITLE}
          title={pinned ? UNPIN_TITLE : (pinBlocked ?? `${PIN_TITLE}\n${PIN_DESCRIPTION}`)}
          disabled={editing || store.busy || (!pinned && !!pinBlocked)}
          onClick={onTogglePin}
          data-testid="ndv-pin-data"
        >
          <Icon icon={faThumbtack} />
        </button>
      )}
    </div>
  );
});

export function PinnedBanner({ onUnpin, readOnly }: { onUnpin: () => void; readOnly: boolean }) {
  return (
    <div className="run-notice run-notice-pinned" role="status" data-testid="ndv-pinned-banner">
      <Icon icon={faThumbtack} />
      <span>
        This data is pinned for test executions.
        {!readOnly && (
          <>
            {' '}
            <button type="button" className="link-button" onClick={onUnpin} data-testid="ndv-unpin">
              Unpin
            </button>
          </>
        )}
      </span>
    </div>
  );
}

/** For trigger nodes with output that is not pinned: n8n's node.discovery.pinData.ndv, once. */
export function PinDiscovery() {
  const [seen, setSeen] = useState(() => {
    try {
      return localStorage.getItem(PIN_DISCOVERY_FLAG) === 'true';
    } catch {
      return true;
    }
  });
  if (seen) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(PIN_DISCOVERY_FLAG, 'true');
    } catch {
      // Private mode: shown again next time.
    }
    setSeen(true);
  };
  return (
    <div className="run-notice run-notice-pinned" role="note" data-testid="ndv-pin-discovery">
      <Icon icon={faThumbtack} />
      <span>
        You can pin this output instead of waiting for a test event.{' '}
        <button type="button" className="link-button" onClick={dismiss}>
          Got it
        </button>
      </span>
    </div>
  );
}

export const PinEditBody = observer(function PinEditBody({ store }: { store: PinEditStore }) {
  return (
    <div className="pin-edit">
      <PinEditor store={store} />
      <div className="pin-edit-foot">
        <span className="pin-edit-hint">You can copy data from previous executions and paste it above.</span>
        <button type="button" className="btn btn-s" onClick={() => store.cancelEdit()} disabled={store.busy} data-testid="ndv-pin-cancel">
          Cancel
        </button>
        <button type="button" className="btn btn-primary btn-s" onClick={() => void store.saveEdit()} disabled={store.busy || store.session?.initialText === undefined} data-testid="ndv-pin-save">
          {store.busy ? 'Checking…' : 'Save'}
        </button>
      </div>
    </div>
  );
});

export const PinDialogs = observer(function PinDialogs({ store }: { store: PinEditStore }) {
  return (
    <>
      <ConfirmDialog
        open={!!store.closePrompt}
        title="Save output changes before closing?"
        confirmLabel="Save"
        cancelLabel="Discard"
        onConfirm={() => store.answerClose(true)}
        onCancel={() => store.answerClose(false)}
        testId="ndv-pin-before-closing"
      >
        The output data you edited has not been pinned yet.
      </ConfirmDialog>
      <ConfirmDialog
        open={!!store.unpinPrompt}
        title="Unpin output data?"
        confirmLabel="Unpin and test"
        cancelLabel="Cancel"
        onConfirm={() => store.answerUnpin(true)}
        onCancel={() => store.answerUnpin(false)}
        testId="ndv-unpin-and-execute"
      >
        Testing a node overwrites pinned data.
      </ConfirmDialog>
    </>
  );
});
