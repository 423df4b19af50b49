// Read/Write Files from Disk v1 and 1.1.
import type { INodeProperties, INodeTypeDescription } from '../../model/nodeTypes.ts';

const read = { show: { operation: ['read'] } };
const write = { show: { operation: ['write'] } };

const readProperties: INodeProperties[] = [
  {
    displayName: 'File(s) Selector',
    name: 'fileSelector',
    type: 'string',
    default: '',
    required: true,
    placeholder: 'e.g. /home/user/Pictures/**/*.png',
    hint: 'Supports patterns, learn more <a href="https://github.com/micromatch/picomatch#basic-globbing" target="_blank">here</a>. [ ] and ( ) are literal by default.',
    description: "Specify a file's path or path pattern to read multiple files. Always use forward-slashes for path separator even on Windows.",
    displayOptions: read,
  },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    displayOptions: read,
    options: [
      { displayName: 'File Extension', name: 'fileExtension', type: 'string', default: '', placeholder: 'e.g. zip', description: 'Extension of the file in the output binary' },
      { displayName: 'File Name', name: 'fileName', type: 'string', default: '', placeholder: 'e.g. data.zip', description: 'Name of the file in the output binary' },
      { displayName: 'Mime Type', name: 'mimeType', type: 'string', default: '', placeholder: 'e.g. application/zip', description: 'Mime type of the file in the output binary' },
      { displayName: 'Put Output File in Field', name: 'dataPropertyName', type: 'string', default: 'data', placeholder: 'e.g. data', description: "By default 'data' is used", hint: 'The name of the output binary field to put the file in' },
      {
        displayName: 'Treat Brackets and Parentheses as Literal',
        name: 'literalBrackets',
        type: 'boolean',
        default: true,
        description: 'Whether to match [ ] and ( ) as literal characters instead of glob syntax',
        hint: 'Turn off for character classes like [0-9] or groups like (a|b). Does not affect * ? { }.',
      },
    ],
  },
];

const writeProperties: INodeProperties[] = [
  {
    displayName: 'File Path and Name',
    name: 'fileName',
    type: 'string',
    default: '',
    required: true,
    placeholder: 'e.g. /data/example.jpg',
    description: 'Path and name of the file that should be written. Also include the file extension.',
    displayOptions: write,
  },
  { displayName: 'Input Binary Field', name: 'dataPropertyName', type: 'string', default: 'data', placeholder: 'e.g. data', required: true, hint: 'The name of the input binary field containing the file to be written', displayOptions: write },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    displayOptions: write,
    options: [
      {
        displayName: 'Append',
        name: 'append',
        type: 'boolean',
        default: false,
        description:
          "Whether to append to an existing file. While it's commonly used with text files, it's not limited to them, however, it wouldn't be applicable for file types that have a specific structure like most binary formats.",
      },
    ],
  },
];

export const readWriteFileDescription: INodeTypeDescription = {
  name: 'n8n-nodes-base.readWriteFile',
  displayName: 'Read/Write Files from Disk',
  description: 'Read or write files from the computer that runs n8n',
  icon: 'fa:file',
  group: ['input'],
  version: [1, 1.1],
  defaults: { name: 'Read/Write Files from Disk' },
  inputs: ['main'],
  outputs: ['main'],
  codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Files'] }, alias: ['Binary', 'File', 'Text', 'Open', 'Import', 'Save', 'Export', 'Disk', 'Transfer'] },
  properties: [
    {
      displayName:
        'Use this node to read and write files on the same computer running n8n. To handle files between different computers please use other nodes (e.g. FTP, HTTP Request, AWS).',
      name: 'info',
      type: 'notice',
      default: '',
    },
    {
      displayName: 'Operation',
      name: 'operation',
      type: 'options',
      noDataExpression: true,
      options: [
        { name: 'Read File(s) From Disk', value: 'read', description: 'Retrieve one or more files from the computer that runs n8n', action: 'Read File(s) From Disk' },
        { name: 'Write File to Disk', value: 'write', description: 'Create a binary file on the computer that runs n8n', action: 'Write File to Disk' },
      ],
      default: 'read',
    },
    ...readProperties,
    ...writeProperties,
  ],
};
