// Convert to File's "Convert to ICS": one event file per item, written by the `ics` package as
// n8n's iCalendar createEvent operation does (start and end read by moment, given to ics as UTC).
import moment from 'moment-timezone';
import * as ics from 'ics';
import type { INodeExecutionData } from '../../model/execution.ts';
import type { INodeProperties } from '../../model/nodeTypes.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions } from '../types.ts';
import { prepareBinary } from '../shared/files/binaryHelpers.ts';

const show = { show: { operation: ['iCal'] } };

export const iCalProperties: INodeProperties[] = [
  { displayName: 'Event Title', name: 'title', type: 'string', default: '', displayOptions: show },
  { displayName: 'Start', name: 'start', type: 'dateTime', default: '', required: true, description: 'Date and time at which the event begins. (For all-day events, the time will be ignored.).', displayOptions: show },
  { displayName: 'End', name: 'end', type: 'dateTime', default: '', required: true, description: 'Date and time at which the event ends. (For all-day events, the time will be ignored.).', displayOptions: show },
  { displayName: 'All Day', name: 'allDay', type: 'boolean', default: false, description: 'Whether the event lasts all day or not', displayOptions: show },
  { displayName: 'Put Output File in Field', name: 'binaryPropertyName', type: 'string', default: 'data', required: true, hint: 'The name of the output binary field to put the file in', displayOptions: show },
  {
    displayName: 'Options',
    name: 'additionalFields',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    displayOptions: show,
    options: [
      {
        displayName: 'Attendees',
        name: 'attendeesUi',
        type: 'fixedCollection',
        typeOptions: { multipleValues: true },
        placeholder: 'Add Attendee',
        default: {},
        options: [
          {
            displayName: 'Attendees',
            name: 'attendeeValues',
            values: [
              { displayName: 'Name', name: 'name', type: 'string', required: true, default: '' },
              { displayName: 'Email', name: 'email', type: 'string', placeholder: 'e.g. name@email.com', required: true, default: '' },
              { displayName: 'RSVP', name: 'rsvp', type: 'boolean', default: false, description: 'Whether the attendee has to confirm attendance or not' },
            ],
          },
        ],
      },
      { displayName: 'Busy Status', name: 'busyStatus', type: 'options', options: [{ name: 'Busy', value: 'BUSY' }, { name: 'Tentative', value: 'TENTATIVE' }], default: '', description: 'Used to specify busy status for Microsoft applications, like Outlook' },
      { displayName: 'Calendar Name', name: 'calName', type: 'string', default: '', description: 'Specifies the calendar (not event) name. Used by Apple iCal and Microsoft Outlook.' },
      { displayName: 'Description', name: 'description', type: 'string', default: '' },
      { displayName: 'File Name', name: 'fileName', type: 'string', default: '', placeholder: 'e.g. event.ics', description: 'The name of the file to be generated. Default name is event.ics.' },
      {
        displayName: 'Geolocation',
        name: 'geolocationUi',
        type: 'fixedCollection',
        typeOptions: { multipleValues: false },
        placeholder: 'Add Geolocation',
        default: {},
        options: [
          {
            displayName: 'Geolocation',
            name: 'geolocationValues',
            values: [
              { displayName: 'Latitude', name: 'lat', type: 'string', default: '' },
              { displayName: 'Longitude', name: 'lon', type: 'string', default: '' },
            ],
          },
        ],
      },
      { displayName: 'Location', name: 'location', type: 'string', default: '', description: 'The intended venue' },
      { displayName: 'Recurrence Rule', name: 'recurrenceRule', type: 'string', default: '', description: 'A rule to define the repeat pattern of the event (RRULE).' },
      {
        displayName: 'Organizer',
        name: 'organizerUi',
        type: 'fixedCollection',
        typeOptions: { multipleValues: false },
        placeholder: 'Add Organizer',
        default: {},
        options: [
          {
            displayName: 'Organizer',
            name: 'organizerValues',
            values: [
              { displayName: 'Name', name: 'name', type: 'string', default: '', required: true },
              { displayName: 'Email', name: 'email', type: 'string', placeholder: 'e.g. name@email.com', default: '', required: true },
            ],
          },
        ],
      },
      { displayName: 'Sequence', name: 'sequence', type: 'number', default: 0, description: 'When sending an update for an event (with the same uid), defines the revision sequence number' },
      { displayName: 'Status', name: 'status', type: 'options', options: [{ name: 'Confirmed', value: 'CONFIRMED' }, { name: 'Cancelled', value: 'CANCELLED' }, { name: 'Tentative', value: 'TENTATIVE' }], default: 'CONFIRMED' },
      { displayName: 'UID', name: 'uid', type: 'string', default: '', description: 'Universally unique ID for the event (will be auto-generated if not specified here). Should be globally unique.' },
      { displayName: 'URL', name: 'url', type: 'string', default: '', description: 'URL associated with event' },
    ],
  },
];

function dateArray(ctx: ExecuteFunctions, value: string, allDay: boolean, name: string, itemIndex: number): ics.DateArray {
  const m = moment(value);
  if (!value || !m.isValid()) throw new NodeOperationError(ctx.getNode(), `The ${name} "${value}" is not a valid date`, { itemIndex });
  const parts = m.toArray().slice(0, allDay ? 3 : 5);
  parts[1]++;
  return parts as ics.DateArray;
}

export async function iCalExecute(ctx: ExecuteFunctions): Promise<INodeExecutionData[]> {
  const items = ctx.getInputData();
  const out: INodeExecutionData[] = [];
  for (let i = 0; i < items.length; i++) {
    try {
      const title = String(ctx.getNodeParameter('title', i, ''));
      const allDay = ctx.getNodeParameter('allDay', i, false) as boolean;
      const start = String(ctx.getNodeParameter('start', i));
      let end = String(ctx.getNodeParameter('end', i));
      end = allDay ? moment(end).utc().add(1, 'day').format() : end;
      const binaryPropertyName = String(ctx.getNodeParameter('binaryPropertyName', i, 'data'));
      const additionalFields = { ...(ctx.getNodeParameter('additionalFields', i, {}) as IDataObject) };
      let fileName = 'event.ics';
      if (additionalFields.fileName) fileName = String(additionalFields.fileName);
      delete additionalFields.fileName;
      const data: ics.EventAttributes = {
        title,
        start: dateArray(ctx, start, allDay, 'start', i),
        end: dateArray(ctx, end, allDay, 'end', i),
        startInputType: 'utc',
        endInputType: 'utc',
      } as ics.EventAttributes;
      const attrs = data as unknown as IDataObject;
      if (additionalFields.geolocationUi) {
        const geo = (additionalFields.geolocationUi as IDataObject).geolocationValues as IDataObject | undefined;
        if (geo) attrs.geo = { lat: Number(geo.lat), lon: Number(geo.lon) };
        delete additionalFields.geolocationUi;
      }
      if (additionalFields.organizerUi) {
        attrs.organizer = (additionalFields.organizerUi as IDataObject).organizerValues;
        delete additionalFields.organizerUi;
      }
      if (additionalFields.attendeesUi) {
        attrs.attendees = (additionalFields.attendeesUi as IDataObject).attendeeValues;
        delete additionalFields.attendeesUi;
      }
      for (const [k, v] of Object.entries(additionalFields)) if (v !== '' && v !== undefined) attrs[k] = v;
      const { error, value } = ics.createEvent(data);
      if (error || !value) throw new NodeOperationError(ctx.getNode(), `The event could not be written: ${error?.message ?? 'no output'}`, { itemIndex: i });
      const binary = await prepareBinary(ctx, new TextEncoder().encode(value), fileName, 'text/calendar');
      out.push({ json: {}, binary: { [binaryPropertyName]: binary }, pairedItem: { item: i } });
    } catch (error) {
      if (ctx.continueOnFail()) {
        out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
        continue;
      }
      if (error instanceof NodeOperationError) throw error;
      throw new NodeOperationError(ctx.getNode(), (error as Error).message, { itemIndex: i });
    }
  }
  return out;
}
