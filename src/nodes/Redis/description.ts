// Parameters of the Redis node v1, n8n's names and defaults.
import type { INodeProperties } from '../../model/nodeTypes.ts';

const op = (operations: string[], extra: Record<string, unknown[]> = {}) => ({ show: { operation: operations, ...extra } });
const keyTypes = (auto: string) => [
  { name: 'Automatic', value: 'automatic', description: auto },
  { name: 'Hash', value: 'hash', description: "Data in key is of type 'hash'" },
  { name: 'List', value: 'list', description: "Data in key is of type 'lists'" },
  { name: 'Sets', value: 'sets', description: "Data in key is of type 'sets'" },
  { name: 'String', value: 'string', description: "Data in key is of type 'string'" },
];
const dotNotation: INodeProperties = {
  displayName: 'Dot Notation',
  name: 'dotNotation',
  type: 'boolean',
  default: true,
  description: '<p>By default, dot-notation is used in property names. This means that "a.b" will set the property "b" underneath "a" so { "a": { "b": value} }.<p></p>If that is not intended this can be deactivated, it will then set { "a.b": value } instead.</p>.',
};

export const redisProperties: INodeProperties[] = [
  {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Delete', value: 'delete', description: 'Delete a key from Redis', action: 'Delete a key from Redis' },
      { name: 'Get', value: 'get', description: 'Get the value of a key from Redis', action: 'Get the value of a key from Redis' },
      { name: 'Increment', value: 'incr', description: 'Atomically increments a key by 1. Creates the key if it does not exist.', action: 'Atomically increment a key by 1. Creates the key if it does not exist.' },
      { name: 'Info', value: 'info', description: 'Returns generic information about the Redis instance', action: 'Return generic information about the Redis instance' },
      { name: 'Keys', value: 'keys', description: 'Returns all the keys matching a pattern', action: 'Return all keys matching a pattern' },
      { name: 'Pop', value: 'pop', description: 'Pop data from a redis list', action: 'Pop data from a redis list' },
      { name: 'Publish', value: 'publish', description: 'Publish message to redis channel', action: 'Publish message to redis channel' },
      { name: 'Push', value: 'push', description: 'Push data to a redis list', action: 'Push data to a redis list' },
      { name: 'Set', value: 'set', description: 'Set the value of a key in redis', action: 'Set the value of a key in redis' },
    ],
    default: 'info',
  },
  { displayName: 'Name', name: 'propertyName', type: 'string', displayOptions: op(['get']), default: 'propertyName', required: true, description: 'Name of the property to write received data to. Supports dot-notation. Example: "data.person[0].name".' },
  { displayName: 'Key', name: 'key', type: 'string', displayOptions: op(['delete']), default: '', required: true, description: 'Name of the key to delete from Redis' },
  { displayName: 'Key', name: 'key', type: 'string', displayOptions: op(['get']), default: '', required: true, description: 'Name of the key to get from Redis' },
  { displayName: 'Key Type', name: 'keyType', type: 'options', displayOptions: op(['get']), options: keyTypes('Requests the type before requesting the data (slower)'), default: 'automatic', description: 'The type of the key to get' },
  { displayName: 'Options', name: 'options', type: 'collection', displayOptions: op(['get']), placeholder: 'Add Option', default: {}, options: [dotNotation] },
  { displayName: 'Key', name: 'key', type: 'string', displayOptions: op(['incr']), default: '', required: true, description: 'Name of the key to increment' },
  { displayName: 'Expire', name: 'expire', type: 'boolean', displayOptions: op(['incr']), default: false, description: 'Whether to set a timeout on key' },
  { displayName: 'TTL', name: 'ttl', type: 'number', typeOptions: { minValue: 1 }, displayOptions: op(['incr'], { expire: [true] }), default: 60, description: 'Number of seconds before key expiration' },
  { displayName: 'Key Pattern', name: 'keyPattern', type: 'string', displayOptions: op(['keys']), default: '', required: true, description: 'The key pattern for the keys to return' },
  { displayName: 'Get Values', name: 'getValues', type: 'boolean', displayOptions: op(['keys']), default: true, description: 'Whether to get the value of matching keys' },
  { displayName: 'Key', name: 'key', type: 'string', displayOptions: op(['set']), default: '', required: true, description: 'Name of the key to set in Redis' },
  { displayName: 'Value', name: 'value', type: 'string', displayOptions: op(['set']), default: '', description: 'The value to write in Redis' },
  { displayName: 'Key Type', name: 'keyType', type: 'options', displayOptions: op(['set']), options: keyTypes('Tries to figure out the type automatically depending on the data'), default: 'automatic', description: 'The type of the key to set' },
  { displayName: 'Value Is JSON', name: 'valueIsJSON', type: 'boolean', displayOptions: op(['set'], { keyType: ['hash'] }), default: true, description: 'Whether the value is JSON or key value pairs' },
  { displayName: 'Expire', name: 'expire', type: 'boolean', displayOptions: op(['set']), default: false, description: 'Whether to set a timeout on key' },
  { displayName: 'TTL', name: 'ttl', type: 'number', typeOptions: { minValue: 1 }, displayOptions: op(['set'], { expire: [true] }), default: 60, description: 'Number of seconds before key expiration' },
  { displayName: 'Channel', name: 'channel', type: 'string', displayOptions: op(['publish']), default: '', required: true, description: 'Channel name' },
  { displayName: 'Data', name: 'messageData', type: 'string', displayOptions: op(['publish']), typeOptions: { alwaysOpenEditWindow: true }, default: '', required: true, description: 'Data to publish' },
  { displayName: 'List', name: 'list', type: 'string', displayOptions: op(['push', 'pop']), default: '', required: true, description: 'Name of the list in Redis' },
  { displayName: 'Data', name: 'messageData', type: 'string', displayOptions: op(['push']), typeOptions: { alwaysOpenEditWindow: true }, default: '', required: true, description: 'Data to push' },
  { displayName: 'Tail', name: 'tail', type: 'boolean', displayOptions: op(['push', 'pop']), default: false, description: 'Whether to push or pop data from the end of the list' },
  { displayName: 'Name', name: 'propertyName', type: 'string', displayOptions: op(['pop']), default: 'propertyName', description: 'Optional name of the property to write received data to. Supports dot-notation. Example: "data.person[0].name".' },
  { displayName: 'Options', name: 'options', type: 'collection', displayOptions: op(['pop']), placeholder: 'Add Option', default: {}, options: [dotNotation] },
];
