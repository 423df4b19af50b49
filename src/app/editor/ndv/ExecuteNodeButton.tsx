// "Execute node" (spec 001 §2.7): runs the workflow up to this node, reusing parents' data.
import { observer } from 'mobx-react-lite';
import { useLocation } from 'wouter';
import { faPlay } from '@fortawesome/free-solid-svg-icons';
import { isTriggerType, type INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { runWorkflow } from '../../commands/runWorkflow.ts';
import { useStores } from '../../stores/context.ts';
import type { NodeModel } from '../../stores/WorkflowStore.ts';
import { Icon } from '../../ui/Icon.tsx';

export const ExecuteNodeButton = observer(function ExecuteNodeButton({ node, description }: { node: NodeModel; description: INodeTypeDescription }) {
  const root = useStores();
  const [, navigate] = useLocation();
  const { run, ui } = root;
  if (ui.readOnly || isTriggerType(description)) return null;
  const blocked = node.disabled
    ? 'Enable the node to execute it'
    : node.issues.some((i) => i !== 'Execution Error.')
      ? 'Fix the required fields first'
      : run.running
        ? 'The workflow is already running'
        : undefined;
  return (
    <button
      type="button"
      className="btn btn-primary btn-s"
      disabled={!!blocked}
      title={blocked ?? 'Run the workflow up to this node'}
      onPointerDown={(e) => e.stopPropagation()}
      onClick={() => void runWorkflow(root, { destinationNode: node.name, onCreated: (id) => navigate(`/workflow/${id}`) })}
      data-testid="ndv-execute-node"
    >
      <Icon icon={faPlay} />
      Execute node
    </button>
  );
});
