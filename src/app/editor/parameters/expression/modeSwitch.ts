// The Fixed / Expression switch (spec 001 §4.2). To expression: the value is wrapped (numbers
// and booleans '={{value}}', others '=' + value) and the expression editor opens 375 ms later.
// Back to fixed: the expression's computed value (as a run would compute it for the first
// input item), fitted to the parameter's type; when it cannot be computed now (no input data,
// an error), what the expression plainly says (toFixed).
import { EXPRESSION_EDITOR_OPEN_DELAY_MS } from '../../../../model/constants.ts';
import type { INodeProperties } from '../../../../model/nodeTypes.ts';
import type { RootStore } from '../../../stores/RootStore.ts';
import { fixedFromComputed, toExpression, toFixed } from '../expressionMode.ts';
import { expressionEditorFor } from './editorRegistry.ts';
import { computeValue } from './previewClient.ts';

export function switchToExpression(value: unknown, path: string, onChange: (v: unknown) => void): void {
  onChange(toExpression(value));
  setTimeout(() => expressionEditorFor(path)?.focus(), EXPRESSION_EDITOR_OPEN_DELAY_MS);
}

export async function switchToFixed(root: RootStore | null, value: string, property: INodeProperties, onChange: (v: unknown) => void): Promise<void> {
  const node = root?.ui.ndvNode;
  if (!root || !node) {
    onChange(toFixed(value, property));
    return;
  }
  let computed: { ok: true; value: unknown } | { ok: false } = { ok: false };
  try {
    const parameters = JSON.parse(JSON.stringify(node.parameters ?? {})) as Record<string, never>;
    computed = await computeValue(root, { expression: value, nodeName: node.name, parameters, itemIndex: 0, now: Date.now() });
  } catch {
    // The plain reading below.
  }
  onChange(computed.ok ? fixedFromComputed(computed.value, property) : toFixed(value, property));
}
