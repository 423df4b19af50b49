// Merge properties that v2 and v3 share: join mode and the output-data choice.
import type { INodeProperties } from '../../../model/nodeTypes.ts';

export const joinModeProperty: INodeProperties = {
  displayName: 'Output Type',
  name: 'joinMode',
  type: 'options',
  options: [
    { name: 'Keep Matches', value: 'keepMatches', description: 'Items that match, merged together (inner join)' },
    { name: 'Keep Non-Matches', value: 'keepNonMatches', description: "Items that don't match" },
    { name: 'Keep Everything', value: 'keepEverything', description: "Items that match merged together, plus items that don't match (outer join)" },
    { name: 'Enrich Input 1', value: 'enrichInput1', description: 'All of input 1, with data from input 2 added in (left join)' },
    { name: 'Enrich Input 2', value: 'enrichInput2', description: 'All of input 2, with data from input 1 added in (right join)' },
  ],
  default: 'keepMatches',
};

const outputDataFrom = (bothName: string, joinMode: string): INodeProperties => ({
  displayName: 'Output Data From',
  name: 'outputDataFrom',
  type: 'options',
  options: [
    { name: bothName, value: 'both' },
    { name: 'Input 1', value: 'input1' },
    { name: 'Input 2', value: 'input2' },
  ],
  default: 'both',
  displayOptions: { show: { joinMode: [joinMode] } },
});

export const outputDataFromMatches = outputDataFrom('Both Inputs Merged Together', 'keepMatches');
export const outputDataFromNonMatches = outputDataFrom('Both Inputs Appended Together', 'keepNonMatches');

export const fieldsToMatchProperty: INodeProperties = {
  displayName: 'Fields to Match',
  name: 'mergeByFields',
  type: 'fixedCollection',
  placeholder: 'Add Fields to Match',
  default: { values: [{ field1: '', field2: '' }] },
  typeOptions: { multipleValues: true },
  options: [
    {
      displayName: 'Values',
      name: 'values',
      values: [
        { displayName: 'Input 1 Field', name: 'field1', type: 'string', default: '', placeholder: 'e.g. id', hint: ' Enter the field name as text' },
        { displayName: 'Input 2 Field', name: 'field2', type: 'string', default: '', placeholder: 'e.g. id', hint: ' Enter the field name as text' },
      ],
    },
  ],
};

/** Adds display rules to each property (n8n's updateDisplayOptions). */
export function withDisplay(show: Record<string, unknown[]>, properties: INodeProperties[]): INodeProperties[] {
  return properties.map((p) => ({
    ...p,
    displayOptions: { ...p.displayOptions, show: { ...(p.displayOptions?.show ?? {}), ...show } },
  }));
}
