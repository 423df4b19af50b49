// A node type's icon (the same table the canvas draws from), a community node's 'file:' icon from
// its iconUrl (GET /rest/node-icon/<type>), or its initials.
import { useState } from 'react';
import { ICONS } from '../../../assets/icons.ts';
import { iconCssColor } from '../../model/iconColors.ts';
import { initials } from '../../model/initials.ts';

export function NodeIcon({ icon, iconUrl, color, name, size = 28 }: { icon?: string; iconUrl?: string; color?: string; name: string; size?: number }) {
  const def = icon ? ICONS[icon] : undefined;
  const tint = iconCssColor(color) ?? 'var(--gray-8)';
  // The address that failed to load (then initials), so a new address is tried again.
  const [failed, setFailed] = useState<string | undefined>();
  const file = !def && iconUrl && failed !== iconUrl ? iconUrl : undefined;
  return (
    <span className="node-icon" style={{ width: size, height: size, color: tint }} aria-hidden>
      {def ? (
        <svg viewBox={`0 0 ${def.width} ${def.height}`} width={size * 0.55} height={size * 0.55} fill="currentColor">
          <path d={def.path} />
        </svg>
      ) : file ? (
        <img src={file} alt="" width={Math.round(size * 0.62)} height={Math.round(size * 0.62)} style={{ objectFit: 'contain' }} onError={() => setFailed(file)} draggable={false} />
      ) : (
        <span className="node-icon-initials" style={{ fontSize: size * 0.38 }}>
          {initials(name)}
        </span>
      )}
    </span>
  );
}
