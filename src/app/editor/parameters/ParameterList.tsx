// A list of parameters at one level, shown by their display rules (src/model/parameters.ts).
import { Fragment, type ReactNode } from 'react';
import type { INodeProperties } from '../../../model/nodeTypes.ts';
import { displayParameter } from '../../../model/parameters.ts';
import type { ParameterContext } from './types.ts';
import { ParameterField } from './ParameterField.tsx';
import { hiddenByCustomApiCall } from './customApiCall.ts';

type Values = Record<string, unknown>;

export function ParameterList({
  properties,
  values,
  onChange,
  pathPrefix,
  ctx,
  onRemove,
  displayValues,
  slot,
}: {
  properties: INodeProperties[];
  values: Values;
  onChange: (values: Values) => void;
  pathPrefix: string;
  ctx: ParameterContext;
  /** Collections: the added options can be removed. */
  onRemove?: (name: string) => void;
  /** Values display rules are checked against (defaults filled); `values` when absent. */
  displayValues?: Values;
  /** Content shown right after the property of that name (the NDV's credential selector). */
  slot?: { after: string; content: ReactNode };
}) {
  const check = displayValues ?? values;
  const seen = new Set<string>();
  const shown = properties.filter((p) => {
    if (p.type === 'hidden' || seen.has(p.name)) return false;
    if (!displayParameter(p.displayOptions, check, ctx.root, ctx.typeVersion)) return false;
    if (pathPrefix === '' && hiddenByCustomApiCall(p, values[p.name], ctx.root)) return false;
    seen.add(p.name);
    return true;
  });
  return (
    <div className="param-list">
      {shown.map((p) => {
        const path = pathPrefix ? `${pathPrefix}.${p.name}` : p.name;
        const field = (
          <ParameterField
            key={p.name}
            property={p}
            value={values[p.name] !== undefined ? values[p.name] : p.default}
            onChange={(v) => onChange({ ...values, [p.name]: v })}
            path={path}
            ctx={ctx}
            onRemove={onRemove ? () => onRemove(p.name) : undefined}
          />
        );
        if (slot?.after !== p.name) return field;
        return (
          <Fragment key={p.name}>
            {field}
            {slot.content}
          </Fragment>
        );
      })}
    </div>
  );
}
