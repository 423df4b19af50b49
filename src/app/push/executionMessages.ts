// Texts for finished executions (spec 001 §4.10, §8).
import type { ExecutionError } from '../../model/execution.ts';

export function runErrorMessage(error: ExecutionError | undefined, lastNode?: string): string {
  if (!error?.message) return 'There was a problem executing the workflow!';
  const node = error.node?.name ?? lastNode;
  return node ? `There was a problem executing the workflow: "${node}: ${error.message}"` : `There was a problem executing the workflow: "${error.message}"`;
}
