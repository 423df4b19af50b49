// The NDV's credential selectors (spec 002 §4): one per credential type the node needs now
// (description credentials whose display rules hold, and the type a credentialsSelect parameter
// names). A select of the stored credentials of that type plus 'Create New Credential'; the
// choice is node.credentials[type] = { id, name }, an undoable edit of the workflow. An OAuth
// credential whose refresh the provider refused says so, with a Reconnect button (the modal).
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { faPen } from '@fortawesome/free-solid-svg-icons';
import type { NeededCredential } from '../../model/nodeCredentials.ts';
import { nodeAccessIssue, nodeTypeAllowed } from '../../model/nodesAccess.ts';
import { errorMessage, isSessionEnded } from '../api/errors.ts';
import { selectNodeCredential } from './credentialCommands.ts';
import { useStores } from '../stores/context.ts';
import type { NodeModel } from '../stores/WorkflowStore.ts';
import { Icon } from '../ui/Icon.tsx';
import './credentials.css';

/** Option value that opens the edit modal in 'new' mode. */
export const CREATE_NEW_VALUE = '__createNew__';

export const NodeCredentials = observer(function NodeCredentials({ node, needed }: { node: NodeModel; needed: NeededCredential[] }) {
  const { credentials, ui } = useStores();
  useEffect(() => {
    // Read again at each opening: a credential may have changed since (deleted, renamed, or an
    // OAuth one that must be reconnected after a run).
    credentials.refreshList().catch((e: unknown) => !isSessionEnded(e) && ui.toasts.error('Could not load credentials', errorMessage(e), false));
  }, [credentials, ui]);
  if (!needed.length) return null;
  return (
    <div className="node-credentials" data-testid="node-credentials">
      {needed.map((c) => (
        <CredentialSelect key={c.name} node={node} needed={c} label={needed.length > 1 ? undefined : 'Credential to connect with'} />
      ))}
    </div>
  );
});

const CredentialSelect = observer(function CredentialSelect({ node, needed, label }: { node: NodeModel; needed: NeededCredential; label?: string }) {
  const root = useStores();
  const { credentials, ui, users } = root;
  const type = credentials.type(needed.name);
  const typeName = type?.displayName ?? needed.name;
  const ref = node.settings.credentials?.[needed.name];
  // The owner's list holds every member's credentials too; only one's own may be picked (the
  // server refuses another user's), the one already chosen stays shown.
  const me = users.currentUser?.id;
  const options = credentials.ofType(needed.name).filter((c) => !me || c.ownerId === undefined || c.ownerId === me || c.id === ref?.id);
  const selected = ref?.id ? options.find((c) => c.id === ref.id) : undefined;
  const byName = !selected && ref?.name ? options.filter((c) => c.name === ref.name) : [];
  const current = selected ?? (byName.length === 1 ? byName[0] : undefined);
  const id = `credential-${needed.name}`;
  const readOnly = ui.readOnly;

  const onChange = (value: string) => {
    if (value === CREATE_NEW_VALUE) {
      credentials.openNew(needed.name, { nodeId: node.id, type: needed.name });
      return;
    }
    const c = options.find((x) => x.id === value);
    if (c) selectNodeCredential(root, node.id, needed.name, { id: c.id, name: c.name });
  };

  // A reference the list does not hold (deleted, or from another instance) stays visible.
  const dangling = ref && !current;
  const missing = needed.required && !ref;
  return (
    <div className="param node-credential" data-testid={`node-credential-${needed.name}`}>
      <div className="param-label-row">
        <label className="param-label" htmlFor={id}>
          {label ?? `Credential for ${typeName}`}
          {needed.required && (
            <span className="param-required" aria-label="required">
              *
            </span>
          )}
        </label>
      </div>
      <div className="node-credential-row">
        <select
          id={id}
          className="select"
          value={current?.id ?? (dangling ? '__dangling__' : '')}
          disabled={readOnly}
          aria-invalid={missing || dangling ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
          data-testid={`credential-select-${needed.name}`}
        >
          {!ref && <option value="">Select credential…</option>}
          {dangling && <option value="__dangling__">{ref.name || ref.id} (not found)</option>}
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
          {!readOnly && <option value={CREATE_NEW_VALUE}>+ Create New Credential</option>}
        </select>
        {current && !readOnly && (
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            onClick={() => credentials.openEdit(current.id)}
            aria-label={`Edit credential ${current.name}`}
            title="Edit credential"
            data-testid={`credential-edit-${needed.name}`}
          >
            <Icon icon={faPen} />
          </button>
        )}
      </div>
      {missing && (
        <div className="field-error" role="alert">
          {`Credentials for "${typeName}" are not set.`}
        </div>
      )}
      {current && !nodeTypeAllowed(current.nodesAccess, node.type) && (
        <div className="field-error" role="alert" data-testid={`credential-access-${needed.name}`}>
          {`${nodeAccessIssue(node.type, current.name)} Allow it in the credential's Details tab ('Allow use by').`}
        </div>
      )}
      {current?.oauth === 'reconnect' && (
        <div className="node-credential-reconnect" role="alert" data-testid={`credential-reconnect-${needed.name}`}>
          <span>{`The account of "${current.name}" must be connected again: the provider refused to renew its access.`}</span>
          {!readOnly && (
            <button type="button" className="btn btn-s" onClick={() => credentials.openEdit(current.id)} data-testid={`credential-reconnect-open-${needed.name}`}>
              Reconnect
            </button>
          )}
        </div>
      )}
      {dangling && credentials.loaded && (
        <div className="field-error" role="alert">
          {`Credential "${ref.name || ref.id}" does not exist. Select another one or create it.`}
        </div>
      )}
    </div>
  );
});
