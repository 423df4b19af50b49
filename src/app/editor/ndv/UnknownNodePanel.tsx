// The node details view of a node whose type is not installed (spec 001 §2.7 "Unknown node type"):
// the warning (with the community-node variant that links to installing the package), then the
// node as it stands, read only — its parameters and its other fields as JSON — so nothing it
// holds is hidden. The node can still be renamed (title), moved, copied, deleted and connected.
import { observer } from 'mobx-react-lite';
import { faTriangleExclamation, faArrowUpRightFromSquare } from '@fortawesome/free-solid-svg-icons';
import { versionsOf } from '../../../model/nodeTypes.ts';
import { basePath } from '../../basePath.ts';
import { useStores } from '../../stores/context.ts';
import type { NodeModel } from '../../stores/WorkflowStore.ts';
import { Icon } from '../../ui/Icon.tsx';
import { unknownTypeNotice } from './unknownNodeType.ts';

/** Settings → Community nodes (the page itself comes with community packages; spec 002). */
export const COMMUNITY_NODES_PATH = 'settings/community-nodes';

export const UnknownNodePanel = observer(function UnknownNodePanel({ node }: { node: NodeModel }) {
  const { nodeTypes } = useStores();
  const known = (nodeTypes.byName.get(node.type) ?? []).flatMap((d) => versionsOf(d)).sort((a, b) => a - b);
  const notice = unknownTypeNotice(node.type, node.typeVersion, known);
  const { id: _id, name: _name, parameters, position: _position, ...fields } = node.toJSON();
  return (
    <div className="ndv-unknown" data-testid="ndv-unknown">
      <div className="ndv-unknown-notice" role="alert">
        <Icon icon={faTriangleExclamation} className="ndv-unknown-icon" />
        <div className="ndv-unknown-title">{notice.title}</div>
        <p>{notice.description}</p>
        {notice.communityPackage && (
          <a className="btn btn-s" href={`${basePath}${COMMUNITY_NODES_PATH}`} target="_blank" rel="noreferrer" data-testid="ndv-install-community-node">
            Install {notice.communityPackage} in Settings → Community nodes <Icon icon={faArrowUpRightFromSquare} />
          </a>
        )}
        <p className="hint">Kept unchanged: it saves, copies and exports as it came, but cannot run until it is installed or replaced.</p>
      </div>
      <section className="ndv-unknown-json" aria-label="Node fields">
        <h3>Parameters</h3>
        <pre data-testid="ndv-unknown-parameters">{JSON.stringify(parameters ?? {}, null, 2)}</pre>
        <h3>Node</h3>
        <pre data-testid="ndv-unknown-fields">{JSON.stringify(fields, null, 2)}</pre>
      </section>
    </div>
  );
});
