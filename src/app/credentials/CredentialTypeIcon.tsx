// A credential type's icon (spec 002 §3): 'node:<node type>' borrows that node's icon; the
// 'file:' icons this editor has a drawing of are served from assets/ (Google's G); other 'file:'
// icons (a community package's credential types) are asked of GET /rest/credential-icon/<name>;
// a type without an icon shows the icon of a node that uses it; initials when there is none.
import { observer } from 'mobx-react-lite';
import type { ICredentialType } from '../../model/credentialTypes.ts';
import { basePath, restBase } from '../basePath.ts';
import { useStores } from '../stores/context.ts';
import { NodeIcon } from '../ui/NodeIcon.tsx';

const FILE_ICONS: Record<string, string> = { 'file:icons/Google.svg': 'google-g.svg' };

export const CredentialTypeIcon = observer(function CredentialTypeIcon({ type, size = 24 }: { type: ICredentialType | undefined; size?: number }) {
  const { nodeTypes } = useStores();
  // Package credential types may give { light, dark } icons: the light one is drawn.
  const raw = type?.icon as unknown;
  const icon = raw && typeof raw === 'object' ? (raw as { light?: string }).light : (raw as string | undefined);
  const file = icon ? FILE_ICONS[icon] : undefined;
  if (file) {
    return (
      <span className="node-icon" style={{ width: size, height: size }} aria-hidden>
        <img src={`${basePath}static/${file}`} alt="" width={Math.round(size * 0.55)} height={Math.round(size * 0.55)} />
      </span>
    );
  }
  // No icon of its own: the icon of a node that uses it (Formbricks' credential, Formbricks' node).
  const node = icon?.startsWith('node:') ? nodeTypes.byName.get(icon.slice(5))?.[0] : !icon && type ? nodeTypes.byCredentialType.get(type.name) : undefined;
  const color = node?.defaults?.color;
  const iconUrl = node ? node.iconUrl : type && icon?.startsWith('file:') ? `${restBase}/credential-icon/${encodeURIComponent(type.name)}` : undefined;
  return <NodeIcon icon={node?.icon} iconUrl={iconUrl} color={typeof color === 'string' ? color : undefined} name={type?.displayName ?? '?'} size={size} />;
});
