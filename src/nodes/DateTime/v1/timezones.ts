// The time zone choices of Date & Time v1: moment-timezone's names, as n8n lists them.
import moment from 'moment-timezone';
import type { INodePropertyOption } from '../../../model/nodeTypes.ts';

export const TIMEZONE_OPTIONS: INodePropertyOption[] = moment.tz.names().map((name) => ({ name, value: name }));
