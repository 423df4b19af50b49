// fixedCollection: named groups of fields; with multipleValues each group is a list of entries.
import type { INodePropertyCollection } from '../../../model/nodeTypes.ts';
import { resolveNodeParameters } from '../../../model/parameters.ts';
import type { InputProps } from './types.ts';
import { ParameterList } from './ParameterList.tsx';

type Values = Record<string, unknown>;

export function FixedCollectionInput({ property, value, onChange, path, ctx }: InputProps) {
  const groups = (property.options ?? []).filter((o): o is INodePropertyCollection => Array.isArray((o as INodePropertyCollection).values));
  const values: Values = value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {};
  const multiple = !!property.typeOptions?.multipleValues;
  // sortable: entries of a group can be moved up and down (their order is the node's order, e.g. Switch rules).
  const sortable = multiple && !!property.typeOptions?.sortable;
  const newEntry = (g: INodePropertyCollection) => resolveNodeParameters(g.values, {}, ctx.typeVersion, ctx.root, 'fixedCollection');
  const addable = groups.filter((g) => multiple || values[g.name] === undefined);
  const buttonText = property.typeOptions?.multipleValueButtonText ?? property.placeholder ?? `Add ${property.displayName}`;

  const add = (g: INodePropertyCollection) => {
    if (multiple) {
      const list = Array.isArray(values[g.name]) ? (values[g.name] as Values[]) : [];
      onChange({ ...values, [g.name]: [...list, newEntry(g)] });
    } else onChange({ ...values, [g.name]: newEntry(g) });
  };

  const entries: Array<{ g: INodePropertyCollection; entry: Values; index?: number }> = [];
  for (const g of groups) {
    const v = values[g.name];
    if (multiple && Array.isArray(v)) (v as Values[]).forEach((entry, index) => entries.push({ g, entry: entry ?? {}, index }));
    else if (!multiple && v && typeof v === 'object') entries.push({ g, entry: v as Values });
  }

  const update = (g: INodePropertyCollection, index: number | undefined, next: Values | undefined) => {
    if (index === undefined) {
      if (next) onChange({ ...values, [g.name]: next });
      else {
        const { [g.name]: _, ...rest } = values;
        onChange(rest);
      }
      return;
    }
    const list = [...((values[g.name] as Values[]) ?? [])];
    if (next) list[index] = next;
    else list.splice(index, 1);
    onChange({ ...values, [g.name]: list });
  };

  const move = (g: INodePropertyCollection, index: number, by: -1 | 1) => {
    const list = [...((values[g.name] as Values[]) ?? [])];
    const to = index + by;
    if (to < 0 || to >= list.length) return;
    [list[index], list[to]] = [list[to]!, list[index]!];
    onChange({ ...values, [g.name]: list });
  };

  return (
    <div className="fixed-collection">
      {entries.length === 0 && <div className="collection-empty">Nothing added yet</div>}
      {entries.map(({ g, entry, index }) => {
        const entryPath = index === undefined ? `${path}.${g.name}` : `${path}.${g.name}[${index}]`;
        return (
          <div key={entryPath} className="fc-entry" data-testid={`fixed-collection-entry-${entryPath}`}>
            <div className="fc-entry-head">
              <span className="fc-entry-title">{g.displayName}</span>
              {!ctx.readOnly && (
                <span className="fc-entry-actions">
                  {sortable && index !== undefined && (
                    <>
                      <button
                        type="button"
                        className="btn btn-ghost btn-s"
                        disabled={index === 0}
                        onClick={() => move(g, index, -1)}
                        aria-label={`Move ${g.displayName} ${index + 1} up`}
                        data-testid={`fixed-collection-up-${entryPath}`}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-s"
                        disabled={index === ((values[g.name] as Values[] | undefined)?.length ?? 0) - 1}
                        onClick={() => move(g, index, 1)}
                        aria-label={`Move ${g.displayName} ${index + 1} down`}
                        data-testid={`fixed-collection-down-${entryPath}`}
                      >
                        ↓
                      </button>
                    </>
                  )}
                  <button type="button" className="btn btn-ghost btn-s" onClick={() => update(g, index, undefined)} aria-label={`Remove ${g.displayName}`}>
                    Remove
                  </button>
                </span>
              )}
            </div>
            <ParameterList
              properties={g.values}
              values={entry}
              displayValues={resolveNodeParameters(g.values, entry, ctx.typeVersion, ctx.root, 'fixedCollection')}
              onChange={(next) => update(g, index, next)}
              pathPrefix={entryPath}
              ctx={ctx}
            />
          </div>
        );
      })}
      {!ctx.readOnly && addable.length === 1 && (
        <button type="button" className="btn btn-s add-btn" onClick={() => add(addable[0])} data-testid={`fixed-collection-add-${path}`}>
          {groups.length === 1 ? buttonText : `Add ${addable[0].displayName}`}
        </button>
      )}
      {!ctx.readOnly && addable.length > 1 && (
        <select
          className="select add-select"
          value=""
          aria-label={buttonText}
          onChange={(e) => {
            const g = groups.find((x) => x.name === e.target.value);
            if (g) add(g);
          }}
          data-testid={`fixed-collection-add-${path}`}
        >
          <option value="">{buttonText}</option>
          {addable.map((g) => (
            <option key={g.name} value={g.name}>
              {g.displayName}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
