// Date & Time: n8n-nodes-base.dateTime v1 (moment formats) and v2 (Luxon operations).
export { dateTimeV1 } from './v1/DateTimeV1.node.ts';
export { dateTimeV2 } from './v2/DateTimeV2.node.ts';
