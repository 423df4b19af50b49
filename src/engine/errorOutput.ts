// onError = continueErrorOutput: items that carry an error go to the extra last output.
import type { INodeExecutionData } from '../model/execution.ts';

export function routeErrorOutput(data: Array<INodeExecutionData[] | null>, regularOutputs: number): Array<INodeExecutionData[] | null> {
  const errors: INodeExecutionData[] = [];
  const out: Array<INodeExecutionData[] | null> = [];
  for (let i = 0; i < regularOutputs; i++) {
    const ok: INodeExecutionData[] = [];
    for (const item of data[i] ?? []) {
      const isError =
        item.error !== undefined ||
        (item.json?.error !== undefined && Object.keys(item.json).every((k) => k === 'error' || k === 'message' || k === 'details'));
      (isError ? errors : ok).push(item);
    }
    out.push(ok);
  }
  // A node may already have put items on the error output itself.
  for (const item of data[regularOutputs] ?? []) errors.push(item);
  out.push(errors);
  return out;
}
