// Merge 3's remote options depend on its number of inputs (n8n's v3 methods/loadOptions.ts).
import type { INodePropertyOption } from '../../../model/nodeTypes.ts';
import type { LoadOptionsFunctions } from '../../types.ts';

/** The input count as a whole number of at least 1; an unreadable value counts as n8n's default, 2. */
function numberOfInputs(ctx: LoadOptionsFunctions): number {
  const n = Number(ctx.getNodeParameter('numberInputs', 2));
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 10) : 2;
}

export async function getResolveClashOptions(ctx: LoadOptionsFunctions): Promise<INodePropertyOption[]> {
  if (numberOfInputs(ctx) <= 2) {
    return [
      { name: 'Always Add Input Number to Field Names', value: 'addSuffix' },
      { name: 'Prefer Input 1 Version', value: 'preferInput1' },
      { name: 'Prefer Input 2 Version', value: 'preferLast' },
    ];
  }
  return [
    { name: 'Always Add Input Number to Field Names', value: 'addSuffix' },
    { name: 'Use Earliest Version', value: 'preferInput1' },
  ];
}

export async function getInputs(ctx: LoadOptionsFunctions): Promise<INodePropertyOption[]> {
  return Array.from({ length: numberOfInputs(ctx) }, (_, i) => ({ name: `${i + 1}`, value: i + 1 }));
}
