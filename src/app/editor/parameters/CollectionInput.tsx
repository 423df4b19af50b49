// collection: optional settings the user adds one by one ('Add option'); each can be removed.
import type { INodeProperties } from '../../../model/nodeTypes.ts';
import { displayParameter } from '../../../model/parameters.ts';
import type { InputProps } from './types.ts';
import { ParameterList } from './ParameterList.tsx';

type Values = Record<string, unknown>;

function clone<T>(v: T): T {
  return v === undefined || v === null || typeof v !== 'object' ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function SingleCollection({ property, value, onChange, path, ctx }: InputProps) {
  const options = (property.options ?? []).filter((o): o is INodeProperties => 'type' in o);
  const values: Values = value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {};
  const present = options.filter((o) => values[o.name] !== undefined);
  const addable = options.filter((o) => values[o.name] === undefined && o.type !== 'hidden' && displayParameter(o.displayOptions, values, ctx.root, ctx.typeVersion));
  const label = property.placeholder ?? property.typeOptions?.multipleValueButtonText ?? 'Add option';
  return (
    <div className="collection">
      {present.length === 0 && <div className="collection-empty">No {property.displayName.toLowerCase()} added</div>}
      {present.length > 0 && (
        <ParameterList
          properties={present}
          values={values}
          onChange={onChange}
          pathPrefix={path}
          ctx={ctx}
          onRemove={(name) => {
            const { [name]: _, ...rest } = values;
            onChange(rest);
          }}
        />
      )}
      {!ctx.readOnly && addable.length > 0 && (
        <select
          className="select add-select"
          value=""
          aria-label={label}
          onChange={(e) => {
            const o = options.find((x) => x.name === e.target.value);
            if (o) onChange({ ...values, [o.name]: clone(o.default) });
          }}
          data-testid={`collection-add-${path}`}
        >
          <option value="">{label}</option>
          {addable.map((o) => (
            <option key={o.name} value={o.name}>
              {o.displayName}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

export function CollectionInput(props: InputProps) {
  const { property, value, onChange, path, ctx } = props;
  if (!property.typeOptions?.multipleValues) return <SingleCollection {...props} />;
  // multipleValues collections hold a list of option sets.
  const list = Array.isArray(value) ? (value as Values[]) : [];
  return (
    <div className="collection">
      {list.map((entry, i) => (
        <div key={i} className="collection-entry">
          <SingleCollection
            {...props}
            value={entry}
            path={`${path}[${i}]`}
            onChange={(v) => onChange(list.map((x, j) => (j === i ? (v as Values) : x)))}
          />
          {!ctx.readOnly && (
            <button type="button" className="btn btn-ghost btn-s" onClick={() => onChange(list.filter((_, j) => j !== i))}>
              Remove
            </button>
          )}
        </div>
      ))}
      {!ctx.readOnly && (
        <button type="button" className="btn btn-s" onClick={() => onChange([...list, {}])}>
          {property.typeOptions?.multipleValueButtonText ?? `Add ${property.displayName}`}
        </button>
      )}
    </div>
  );
}
