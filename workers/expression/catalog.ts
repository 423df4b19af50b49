// The evaluator's extension methods by kind of value, for completions. Read from the tables
// the evaluator dispatches on, so what is offered is what runs.
import { arrayExtensions } from '../../src/model/expressions/extensions/array.ts';
import { booleanExtensions } from '../../src/model/expressions/extensions/boolean.ts';
import { dateExtensions } from '../../src/model/expressions/extensions/date.ts';
import { numberExtensions } from '../../src/model/expressions/extensions/number.ts';
import { objectExtensions } from '../../src/model/expressions/extensions/object.ts';
import { stringExtensions } from '../../src/model/expressions/extensions/string.ts';
/** The kinds of value the extension methods are listed for. */
export type ValueKind = 'string' | 'number' | 'array' | 'object' | 'date' | 'boolean';

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
