// A credential type's icon (spec 002 §3: 'node:<node type>' borrows that node's icon; other
// icons, which are files this editor does not serve, fall back to initials).
import { observer } from 'mobx-react-lite';
import type { ICredentialType } from '../../model/credentialTypes.ts';
import { useStores } from '../stores/context.ts';
import { NodeIcon } from '../ui/NodeIcon.tsx';

export const CredentialTypeIcon = observer(function CredentialTypeIcon({ type, size = 24 }: { type: ICredentialType | undefined; size?: number }) {
  const { nodeTypes } = useStores();
  const icon = type?.icon;
  const node = icon?.startsWith('node:') ? nodeTypes.byName.get(icon.slice(5))?.[0] : undefined;
  const color = node?.defaults?.color;
  return <NodeIcon icon={node?.icon} color={typeof color === 'string' ? color : undefined} name={type?.displayName ?? '?'} size={size} />;
});
