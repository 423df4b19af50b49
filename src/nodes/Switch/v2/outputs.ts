// Switch version 2's outputs for a node's parameters (n8n computes them with an expression):
// one per rule, named by its output key, or "Outputs Amount" numbered outputs.
import type { NodeParameters } from '../../../model/workflow.ts';

export function switchV2Outputs(parameters: NodeParameters): string[] {
  const mode = (parameters.mode as string | undefined) ?? 'rules';
  if (mode === 'expression') {
    const amount = Number(parameters.outputsAmount ?? 4);
    return Array.from({ length: Number.isFinite(amount) && amount > 0 ? amount : 0 }, (_, i) => String(i));
  }
  const rules = ((parameters.rules as { rules?: Array<{ outputKey?: string }> } | undefined)?.rules ?? []);
  return rules.map((r) => r.outputKey ?? '');
}
