// One component per parameter type; this picks it. Expressions ('=…') get the expression input.
import type { InputProps } from './types.ts';
import { isExpression } from './expressionMode.ts';
import { StringInput } from './StringInput.tsx';
import { NumberInput } from './NumberInput.tsx';
import { BooleanInput } from './BooleanInput.tsx';
import { OptionsInput } from './OptionsInput.tsx';
import { MultiOptionsInput } from './MultiOptionsInput.tsx';
import { JsonInput } from './JsonInput.tsx';
import { ColorInput } from './ColorInput.tsx';
import { DateTimeInput } from './DateTimeInput.tsx';
import { ExpressionInput } from './ExpressionInput.tsx';
import { CollectionInput } from './CollectionInput.tsx';
import { FixedCollectionInput } from './FixedCollectionInput.tsx';
import { AssignmentCollectionInput } from './AssignmentCollectionInput.tsx';
import { FilterInput } from './FilterInput.tsx';
import { CodeInput } from './code/CodeInput.tsx';
import { ResourceLocatorInput } from './ResourceLocatorInput.tsx';
import { CredentialTypeInput } from './CredentialTypeInput.tsx';

const CODE_EDITORS = new Set(['codeNodeEditor', 'jsEditor', 'code', 'sqlEditor', 'htmlEditor']);

export function ParameterInput(props: InputProps) {
  const { property, value } = props;
  if (isExpression(value) && property.type !== 'collection' && property.type !== 'fixedCollection') return <ExpressionInput {...props} />;
  switch (property.type) {
    case 'string':
      // Code editors (Code, Function, Function Item, Sort's code, Merge's SQL, Html's template) in monaco.
      return CODE_EDITORS.has(String(property.typeOptions?.editor)) ? <CodeInput {...props} /> : <StringInput {...props} />;
    case 'code':
      return <CodeInput {...props} />;
    case 'number':
      return <NumberInput {...props} />;
    case 'boolean':
      return <BooleanInput {...props} />;
    case 'options':
      return <OptionsInput {...props} />;
    case 'multiOptions':
      return <MultiOptionsInput {...props} />;
    case 'json':
      return <JsonInput {...props} />;
    case 'color':
      return <ColorInput {...props} />;
    case 'dateTime':
      return <DateTimeInput {...props} />;
    case 'collection':
      return <CollectionInput {...props} />;
    case 'fixedCollection':
      return <FixedCollectionInput {...props} />;
    case 'assignmentCollection':
      return <AssignmentCollectionInput {...props} />;
    case 'filter':
      return <FilterInput {...props} />;
    case 'resourceLocator':
      return <ResourceLocatorInput {...props} />;
    case 'credentialsSelect':
      return <CredentialTypeInput {...props} />;
    default:
      return <div className="hint">Parameters of type “{property.type}” cannot be edited here yet.</div>;
  }
}
