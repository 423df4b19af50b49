// HTML v1, 1.1, 1.2: generate from a template, extract content with CSS selectors, or render
// items as a table.
import type { INodeProperties, INodeTypeDescription } from '../../model/nodeTypes.ts';
import { HTML_PLACEHOLDER } from './placeholder.ts';

const extractionValues = (extra: Partial<INodeProperties>): INodeProperties => ({
  displayName: 'Extraction Values',
  name: 'extractionValues',
  placeholder: 'Add Value',
  type: 'fixedCollection',
  typeOptions: { multipleValues: true },
  default: {},
  options: [
    {
      name: 'values',
      displayName: 'Values',
      values: [
        { displayName: 'Key', name: 'key', type: 'string', default: '', description: 'The key under which the extracted value should be saved' },
        { displayName: 'CSS Selector', name: 'cssSelector', type: 'string', default: '', placeholder: '.price', description: 'The CSS selector to use' },
        {
          displayName: 'Return Value',
          name: 'returnValue',
          type: 'options',
          options: [
            { name: 'Attribute', value: 'attribute', description: 'Get an attribute value like "class" from an element' },
            { name: 'HTML', value: 'html', description: 'Get the HTML the element contains' },
            { name: 'Text', value: 'text', description: 'Get only the text content of the element' },
            { name: 'Value', value: 'value', description: 'Get value of an input, select or textarea' },
          ],
          default: 'text',
          description: 'What kind of data should be returned',
        },
        { displayName: 'Attribute', name: 'attribute', type: 'string', displayOptions: { show: { returnValue: ['attribute'] } }, default: '', placeholder: 'class', description: 'The name of the attribute to return the value off' },
        {
          displayName: 'Skip Selectors',
          name: 'skipSelectors',
          type: 'string',
          displayOptions: { show: { returnValue: ['text'], '@version': [{ _cnd: { gt: 1.1 } }] } },
          default: '',
          placeholder: 'e.g. img, .className, #ItemId',
          description: 'Comma-separated list of selectors to skip in the text extraction',
        },
        {
          displayName: 'Return Array',
          name: 'returnArray',
          type: 'boolean',
          default: false,
          description: 'Whether to return the values as an array so if multiple ones get found they also get returned separately. If not set all will be returned as a single string.',
        },
      ],
    },
  ],
  ...extra,
});

const extract = (extra: Record<string, unknown[]> = {}) => ({ show: { operation: ['extractHtmlContent'], ...extra } });
const table = { show: { operation: ['convertToHtmlTable'] } };

export const htmlDescription: INodeTypeDescription = {
  name: 'n8n-nodes-base.html',
  displayName: 'HTML',
  description: 'Work with HTML',
  icon: 'fa:code',
  iconColor: 'rust',
  group: ['transform'],
  version: [1, 1.1, 1.2],
  subtitle: '={{ $parameter["operation"] }}',
  defaults: { name: 'HTML' },
  inputs: ['main'],
  outputs: ['main'],
  codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Data Transformation'] }, alias: ['extract', 'template', 'table', 'scrape', 'cheerio'] },
  properties: [
    {
      displayName: 'Operation',
      name: 'operation',
      type: 'options',
      noDataExpression: true,
      options: [
        { name: 'Generate HTML Template', value: 'generateHtmlTemplate', action: 'Generate HTML template' },
        { name: 'Extract HTML Content', value: 'extractHtmlContent', action: 'Extract HTML Content' },
        { name: 'Convert to HTML Table', value: 'convertToHtmlTable', action: 'Convert to HTML Table' },
      ],
      default: 'generateHtmlTemplate',
    },
    {
      displayName: 'HTML Template',
      name: 'html',
      typeOptions: { editor: 'htmlEditor' },
      type: 'string',
      default: HTML_PLACEHOLDER,
      noDataExpression: true,
      description: 'HTML template to render',
      displayOptions: { show: { operation: ['generateHtmlTemplate'] } },
    },
    {
      displayName:
        '<b>Tips</b>: Type ctrl+space for completions. Use <code>{{ }}</code> for expressions and <code>&lt;style&gt;</code> tags for CSS. JS in <code>&lt;script&gt;</code> tags is included but not executed in n8n.',
      name: 'notice',
      type: 'notice',
      default: '',
      displayOptions: { show: { operation: ['generateHtmlTemplate'] } },
    },
    {
      displayName: 'Source Data',
      name: 'sourceData',
      type: 'options',
      options: [
        { name: 'Binary', value: 'binary' },
        { name: 'JSON', value: 'json' },
      ],
      default: 'json',
      description: 'If HTML should be read from binary or JSON data',
      displayOptions: extract(),
    },
    { displayName: 'Input Binary Field', name: 'dataPropertyName', type: 'string', displayOptions: extract({ sourceData: ['binary'] }), default: 'data', required: true, hint: 'The name of the input binary field containing the file to be extracted' },
    {
      displayName: 'JSON Property',
      name: 'dataPropertyName',
      type: 'string',
      displayOptions: extract({ sourceData: ['json'] }),
      default: 'data',
      required: true,
      description: 'Name of the JSON property in which the HTML to extract the data from can be found. The property can either contain a string or an array of strings.',
    },
    extractionValues({ displayOptions: extract({ '@version': [1] }) }),
    extractionValues({
      default: { values: [{ key: '', cssSelector: '', returnValue: 'text', returnArray: false }] },
      displayOptions: extract({ '@version': [{ _cnd: { gt: 1 } }] }),
    }),
    {
      displayName: 'Options',
      name: 'options',
      type: 'collection',
      placeholder: 'Add option',
      default: {},
      displayOptions: extract(),
      options: [
        { displayName: 'Trim Values', name: 'trimValues', type: 'boolean', default: true, description: 'Whether to remove automatically all spaces and newlines from the beginning and end of the values' },
        {
          displayName: 'Clean Up Text',
          name: 'cleanUpText',
          type: 'boolean',
          default: true,
          description: 'Whether to remove leading and trailing whitespaces, line breaks (newlines) and condense multiple consecutive whitespaces into a single space',
        },
      ],
    },
    {
      displayName: 'Options',
      name: 'options',
      type: 'collection',
      placeholder: 'Add option',
      default: {},
      displayOptions: table,
      options: [
        { displayName: 'Capitalize Headers', name: 'capitalize', type: 'boolean', default: false, description: 'Whether to capitalize the headers' },
        { displayName: 'Custom Styling', name: 'customStyling', type: 'boolean', default: false, description: 'Whether to use custom styling' },
        { displayName: 'Caption', name: 'caption', type: 'string', default: '', description: 'Caption to add to the table' },
        { displayName: 'Table Attributes', name: 'tableAttributes', type: 'string', default: '', description: 'Attributes to attach to the table', placeholder: 'e.g. style="padding:10px"' },
        { displayName: 'Header Attributes', name: 'headerAttributes', type: 'string', default: '', description: 'Attributes to attach to the table header', placeholder: 'e.g. style="padding:10px"' },
        { displayName: 'Row Attributes', name: 'rowAttributes', type: 'string', default: '', description: 'Attributes to attach to the table row', placeholder: 'e.g. style="padding:10px"' },
        { displayName: 'Cell Attributes', name: 'cellAttributes', type: 'string', default: '', description: 'Attributes to attach to the table cell', placeholder: 'e.g. style="padding:10px"' },
      ],
    },
  ],
};
