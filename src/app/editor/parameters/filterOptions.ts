// The filter value's options (caseSensitive, typeValidation, version) come from the parameter's
// typeOptions.filter expressions, resolved against the node's parameters as n8n's editor does;
// the engine reads them from the stored value. The expression module loads on first use.
import type { NodeParameters } from '../../../model/workflow.ts';

type Evaluate = (value: string, scope: Record<string, unknown>, options?: { mode?: 'strict' | 'n8n' }) => unknown;
let evaluator: Promise<Evaluate> | undefined;

function loadEvaluator(): Promise<Evaluate> {
  evaluator ??= import('../../../model/expressions/evaluate.ts').then(
    (m) => m.evaluateExpression as Evaluate,
    (e: unknown) => {
      // A failed chunk load (server restarted with a new build, network) may work next time.
      evaluator = undefined;
      throw e;
    },
  );
  return evaluator;
}

export interface FilterOptions {
  caseSensitive: boolean;
  leftValue: '';
  typeValidation: 'strict' | 'loose';
  version?: number;
}

export async function resolveFilterOptions(typeOptionsFilter: unknown, root: NodeParameters, typeVersion: number): Promise<FilterOptions> {
  const spec = (typeOptionsFilter ?? {}) as Record<string, unknown>;
  const evaluate = await loadEvaluator();
  const scope = { $parameter: root, $nodeVersion: typeVersion };
  const read = (v: unknown): unknown => {
    if (typeof v !== 'string') return v;
    try {
      return evaluate(v, scope, { mode: 'n8n' });
    } catch {
      return undefined;
    }
  };
  const caseSensitive = read(spec.caseSensitive);
  const typeValidation = read(spec.typeValidation);
  const version = read(spec.version);
  const out: FilterOptions = {
    caseSensitive: typeof caseSensitive === 'boolean' ? caseSensitive : true,
    leftValue: '',
    typeValidation: typeValidation === 'loose' ? 'loose' : 'strict',
  };
  if (typeof version === 'number') out.version = version;
  return out;
}
