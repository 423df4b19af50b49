// The node icons of a template or collection (spec 000 §2): up to 5, or 4 and '+N'. A node type
// this instance has is drawn as the editor draws it; another host's types use their iconData.
import { observer } from 'mobx-react-lite';
import { TEMPLATES_CARD_NODE_ICONS, type TemplateNode } from '../../model/templates.ts';
import { useStores } from '../stores/context.ts';
import { NodeIcon } from '../ui/NodeIcon.tsx';

export function shownNodes<T>(nodes: T[], limit = TEMPLATES_CARD_NODE_ICONS): { shown: T[]; more: number } {
  const shown = nodes.length > limit ? nodes.slice(0, limit - 1) : nodes;
  return { shown, more: nodes.length - shown.length };
}

export const TemplateNodeIcon = observer(function TemplateNodeIcon({ node, size = 26 }: { node: TemplateNode; size?: number }) {
  const { nodeTypes } = useStores();
  const d = nodeTypes.latest(node.name);
  const icon = d?.icon ?? node.icon ?? (node.iconData?.type === 'icon' && node.iconData.icon ? `fa:${node.iconData.icon}` : undefined);
  const url = d?.iconUrl ?? node.iconData?.fileBuffer;
  return (
    <span className="template-node-icon" title={d?.displayName ?? node.displayName}>
      <NodeIcon icon={icon} iconUrl={url} color={d?.iconColor ?? d?.defaults.color ?? node.defaults?.color} name={d?.displayName ?? node.displayName} size={size} />
    </span>
  );
});

export function TemplateNodeIcons({ nodes, limit, size }: { nodes: TemplateNode[]; limit?: number; size?: number }) {
  const { shown, more } = shownNodes(nodes, limit);
  return (
    <span className="template-node-icons" data-testid="template-node-icons">
      {shown.map((n) => (
        <TemplateNodeIcon key={n.name} node={n} size={size} />
      ))}
      {more > 0 && (
        <span className="template-node-more" title={nodes.slice(shown.length).map((n) => n.displayName).join(', ')}>
          +{more}
        </span>
      )}
    </span>
  );
}
