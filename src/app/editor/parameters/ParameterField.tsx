// Label, Fixed / Expression toggle, the input, its hint and its issues.
import type { INodeProperties } from '../../../model/nodeTypes.ts';
import type { ParameterContext } from './types.ts';
import { inputId } from './types.ts';
import { useContext } from 'react';
import { isExpression } from './expressionMode.ts';
import { switchToExpression, switchToFixed } from './expression/modeSwitch.ts';
import { StoresContext } from '../../stores/context.ts';
import { ParameterInput } from './ParameterInput.tsx';
import { plainText } from '../../ui/plainText.ts';
import { MappingDropTarget } from '../ndv/mapping/MappingDropTarget.tsx';
import { expressionTarget } from './locatorValue.ts';

const NO_EXPRESSION_TYPES = new Set(['collection', 'fixedCollection', 'notice', 'hidden', 'assignmentCollection', 'filter', 'credentialsSelect', 'code']);

export function ParameterField({
  property,
  value,
  onChange,
  path,
  ctx,
  onRemove,
}: {
  property: INodeProperties;
  value: unknown;
  onChange: (v: unknown) => void;
  path: string;
  ctx: ParameterContext;
  onRemove?: () => void;
}) {
  const root = useContext(StoresContext);
  if (property.type === 'notice') {
    return (
      <div className="param-notice" role="note">
        {plainText(property.displayName)}
      </div>
    );
  }
  // A resource locator switches (and takes mapped data) in its value, keeping its mode.
  const target = expressionTarget(value, onChange);
  const expression = isExpression(target.inner);
  const canToggle = !property.noDataExpression && !NO_EXPRESSION_TYPES.has(property.type) && !ctx.readOnly;
  const issues = ctx.issues[path];
  const block = property.type === 'collection' || property.type === 'fixedCollection' || property.type === 'assignmentCollection' || property.type === 'filter';
  return (
    <div className={`param${block ? ' param-block' : ''}`} data-testid={`parameter-${path}`}>
      <div className="param-label-row">
        <label className="param-label" htmlFor={inputId(path)}>
          {property.displayName}
          {property.required && <span className="param-required" aria-label="required">*</span>}
        </label>
        <div className="param-actions">
          {canToggle && (
            <div className="mode-toggle" role="group" aria-label={`${property.displayName} value mode`}>
              <button type="button" aria-pressed={!expression} className={!expression ? 'active' : ''} onClick={() => isExpression(target.inner) && void switchToFixed(root, target.inner, property, target.write)}>
                Fixed
              </button>
              <button
                type="button"
                aria-pressed={expression}
                className={expression ? 'active' : ''}
                onClick={() => !expression && switchToExpression(target.inner, path, target.write)}
                data-testid={`parameter-expression-${path}`}
              >
                Expression
              </button>
            </div>
          )}
          {onRemove && !ctx.readOnly && (
            <button type="button" className="btn btn-ghost btn-s param-remove" onClick={onRemove} aria-label={`Remove ${property.displayName}`}>
              Remove
            </button>
          )}
        </div>
      </div>
      {/* Mapping from the input panel (engineer C): a drop turns the value into an expression. */}
      <MappingDropTarget path={path} value={target.inner} onChange={target.write} requiresDataPath={(property as { requiresDataPath?: unknown }).requiresDataPath} disabled={!canToggle}>
        <ParameterInput property={property} value={value} onChange={onChange} path={path} ctx={ctx} />
      </MappingDropTarget>
      {property.hint && <div className="hint param-hint">{plainText(property.hint)}</div>}
      {property.description && !block && <div className="hint param-hint">{plainText(property.description)}</div>}
      {issues?.map((m) => (
        <div key={m} className="field-error" role="alert">
          {m}
        </div>
      ))}
    </div>
  );
}
