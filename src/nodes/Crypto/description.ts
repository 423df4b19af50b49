// Crypto v1: hash, HMAC, sign, or generate random strings.
import { getHashes } from 'node:crypto';
import type { INodeProperties, INodeTypeDescription } from '../../model/nodeTypes.ts';

// Digests OpenSSL 3 no longer provides by default.
const UNSUPPORTED = ['RSA-MD4', 'RSA-MDC2', 'md4', 'md4WithRSAEncryption', 'mdc2', 'mdc2WithRSA'];

const HASH_TYPES = ['MD5', 'SHA1', 'SHA256', 'SHA3-256', 'SHA3-384', 'SHA3-512', 'SHA384', 'SHA512'].map((t) => ({ name: t, value: t }));
const ENCODINGS = [
  { name: 'BASE64', value: 'base64' },
  { name: 'HEX', value: 'hex' },
];

const show = (action: string[], extra: Record<string, unknown[]> = {}) => ({ show: { action, ...extra } });

function propertyName(action: string, what: string): INodeProperties {
  return { displayName: 'Property Name', name: 'dataPropertyName', type: 'string', default: 'data', required: true, displayOptions: show([action]), description: `Name of the property to which to write the ${what}` };
}

function digest(action: 'hash' | 'hmac'): INodeProperties[] {
  const props: INodeProperties[] = [
    { displayName: 'Type', name: 'type', displayOptions: show([action]), type: 'options', options: HASH_TYPES, default: 'MD5', description: 'The hash type to use', required: true },
    {
      displayName: 'Value',
      name: 'value',
      displayOptions: show([action], { binaryData: [false] }),
      type: 'string',
      default: '',
      description: action === 'hash' ? 'The value that should be hashed' : 'The value of which the hmac should be created',
      required: true,
    },
    propertyName(action, action),
  ];
  if (action === 'hmac') {
    props.push({ displayName: 'Secret', name: 'secret', displayOptions: show(['hmac']), type: 'string', typeOptions: { password: true }, default: '', required: true, description: 'Secret used for Hmac' });
  }
  props.push({ displayName: 'Encoding', name: 'encoding', displayOptions: show([action]), type: 'options', options: ENCODINGS, default: 'hex', required: true });
  return props;
}

export const cryptoDescription: INodeTypeDescription = {
  name: 'n8n-nodes-base.crypto',
  displayName: 'Crypto',
  description: 'Provide cryptographic utilities',
  icon: 'fa:key',
  iconColor: 'green',
  group: ['transform'],
  version: 1,
  subtitle: '={{$parameter["action"]}}',
  defaults: { name: 'Crypto', color: '#408000' },
  inputs: ['main'],
  outputs: ['main'],
  codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Data Transformation'] }, alias: ['Encrypt', 'SHA', 'Hash', 'MD5', 'HMAC', 'Sign', 'UUID', 'Random'] },
  properties: [
    {
      displayName: 'Action',
      name: 'action',
      type: 'options',
      options: [
        { name: 'Generate', description: 'Generate random string', value: 'generate', action: 'Generate random string' },
        { name: 'Hash', description: 'Hash a text or file in a specified format', value: 'hash', action: 'Hash a text or file in a specified format' },
        { name: 'Hmac', description: 'Hmac a text or file in a specified format', value: 'hmac', action: 'HMAC a text or file in a specified format' },
        { name: 'Sign', description: 'Sign a string using a private key', value: 'sign', action: 'Sign a string using a private key' },
      ],
      default: 'hash',
    },
    { displayName: 'Binary File', name: 'binaryData', type: 'boolean', default: false, required: true, displayOptions: show(['hash', 'hmac']), description: 'Whether the data to hashed should be taken from binary field' },
    {
      displayName: 'Binary Property Name',
      name: 'binaryPropertyName',
      displayOptions: show(['hash', 'hmac'], { binaryData: [true] }),
      type: 'string',
      default: 'data',
      description: 'Name of the binary property which contains the input data',
      required: true,
    },
    ...digest('hash'),
    ...digest('hmac'),
    { displayName: 'Value', name: 'value', displayOptions: show(['sign']), type: 'string', default: '', description: 'The value that should be signed', required: true },
    propertyName('sign', 'signed value'),
    {
      displayName: 'Algorithm Name or ID',
      name: 'algorithm',
      displayOptions: show(['sign']),
      type: 'options',
      description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
      options: getHashes()
        .filter((a) => !UNSUPPORTED.includes(a))
        .map((a) => ({ name: a, value: a })),
      default: '',
      required: true,
    },
    { displayName: 'Encoding', name: 'encoding', displayOptions: show(['sign']), type: 'options', options: ENCODINGS, default: 'hex', required: true },
    { displayName: 'Private Key', name: 'privateKey', displayOptions: show(['sign']), type: 'string', typeOptions: { password: true }, description: 'Private key to use when signing the string', default: '', required: true },
    propertyName('generate', 'random string'),
    {
      displayName: 'Type',
      name: 'encodingType',
      displayOptions: show(['generate']),
      type: 'options',
      options: [
        { name: 'ASCII', value: 'ascii' },
        { name: 'BASE64', value: 'base64' },
        { name: 'HEX', value: 'hex' },
        { name: 'UUID', value: 'uuid' },
      ],
      default: 'uuid',
      description: 'Encoding that will be used to generate string',
      required: true,
    },
    { displayName: 'Length', name: 'stringLength', type: 'number', default: 32, description: 'Length of the generated string', displayOptions: show(['generate'], { encodingType: ['ascii', 'base64', 'hex'] }) },
  ],
};
