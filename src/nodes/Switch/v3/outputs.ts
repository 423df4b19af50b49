// Switch version 3's outputs for a node's parameters (n8n computes them with an expression):
// one per rule (its output name, else its index) plus the fallback output when it is "extra";
// in expression mode "Number of Outputs" numbered outputs.
import type { NodeParameters } from '../../../model/workflow.ts';

interface Rule {
  outputKey?: string;
}

const DEFAULT_RULES: Rule[] = [{}];

export function switchV3Outputs(parameters: NodeParameters): string[] {
  if (parameters.mode === 'expression') {
    const n = Number(parameters.numberOutputs ?? 4);
    return Array.from({ length: Number.isInteger(n) && n > 0 ? n : 0 }, (_, i) => String(i));
  }
  const rulesParam = parameters.rules as { values?: Rule[] } | undefined;
  const rules = rulesParam === undefined ? DEFAULT_RULES : (rulesParam.values ?? []);
  const names = rules.map((rule, index) => rule.outputKey || String(index));
  const options = (parameters.options ?? {}) as { fallbackOutput?: unknown; renameFallbackOutput?: string };
  if (options.fallbackOutput === 'extra') names.push(options.renameFallbackOutput || 'Fallback');
  return names;
}
