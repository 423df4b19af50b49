// Switch 2's remote options: 'None' (-1) and one entry per rule, '<index> <output key>' (n8n's
// getFallbackOutputOptions of SwitchV2, read from the unsaved parameters).
import type { INodePropertyOption } from '../../../model/nodeTypes.ts';
import type { LoadOptionsFunctions } from '../../types.ts';

export async function getFallbackOutputOptions(ctx: LoadOptionsFunctions): Promise<INodePropertyOption[]> {
  const rules = ctx.getCurrentNodeParameter('rules.rules');
  const options: INodePropertyOption[] = [{ name: 'None', value: -1 }];
  if (!Array.isArray(rules)) return options;
  rules.forEach((rule, index) => {
    const key = rule && typeof rule === 'object' ? (rule as { outputKey?: unknown }).outputKey : undefined;
    options.push({ name: `${index} ${key === undefined || key === null ? '' : String(key)}`.trim(), value: index });
  });
  return options;
}
