// Every built-in node type names an icon both renderers can draw (assets/icons.ts, used by the
// canvas atlas and the node creator): a name missing there falls back to initials ("ET").
import { describe, expect, it } from 'vitest';
import { builtinTypes } from '../../src/nodes/registry.ts';
import { ICONS } from '../../assets/icons.ts';

describe('node type icons', () => {
  it('each built-in node type has an icon in the shared table', () => {
    const missing = builtinTypes.map((t) => t.description).filter((d) => !d.icon || !ICONS[d.icon]).map((d) => `${d.name} (${d.icon ?? 'no icon'})`);
    expect(missing).toEqual([]);
  });

  it('the Error Trigger shows a bug, as in n8n', () => {
    const errorTrigger = builtinTypes.find((t) => t.description.name === 'n8n-nodes-base.errorTrigger')!;
    expect(errorTrigger.description.icon).toBe('fa:bug');
    expect(ICONS['fa:bug']?.path.length).toBeGreaterThan(20);
  });
});
