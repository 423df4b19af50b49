// Switch 3–3.4's remote options: the Fallback Output choices follow the rules the user has set
// up so far (n8n's getFallbackOutputOptions, read from the unsaved parameters).
import type { INodePropertyOption } from '../../../model/nodeTypes.ts';
import type { LoadOptionsFunctions } from '../../types.ts';

export async function getFallbackOutputOptions(ctx: LoadOptionsFunctions): Promise<INodePropertyOption[]> {
  const rules = ctx.getCurrentNodeParameter('rules.values');
  const options: INodePropertyOption[] = [
    { name: 'None (default)', value: 'none', description: 'Items will be ignored' },
    { name: 'Extra Output', value: 'extra', description: 'Items will be sent to the extra, separate, output' },
  ];
  if (!Array.isArray(rules)) return options;
  rules.forEach((rule, index) => {
    const key = rule && typeof rule === 'object' ? (rule as { outputKey?: unknown }).outputKey : undefined;
    options.push({
      name: `Output ${typeof key === 'string' && key !== '' ? key : index}`,
      value: index,
      description: `Items will be sent to the same output as when matched rule ${index + 1}`,
    });
  });
  return options;
}
