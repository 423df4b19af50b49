// The evaluator's extension methods by kind of value, for completions. Read from the tables
// the evaluator dispatches on, so what is offered is what runs.
import { arrayExtensions } from '../../../../model/expressions/extensions/array.ts';
import { booleanExtensions } from '../../../../model/expressions/extensions/boolean.ts';
import { dateExtensions } from '../../../../model/expressions/extensions/date.ts';
import { numberExtensions } from '../../../../model/expressions/extensions/number.ts';
import { objectExtensions } from '../../../../model/expressions/extensions/object.ts';
import { stringExtensions } from '../../../../model/expressions/extensions/string.ts';
import type { ValueKind } from './completions.ts';

export function extensionCatalog(): Record<ValueKind, string[]> {
  const names = (t: { functions: Record<string, unknown> }) => Object.keys(t.functions).sort();
  return {
    string: names(stringExtensions),
    number: names(numberExtensions),
    array: names(arrayExtensions),
    object: names(objectExtensions),
    date: names(dateExtensions),
    boolean: names(booleanExtensions),
  };
}
