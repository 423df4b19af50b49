// XML v1: JSON to XML and XML to JSON with xml2js options.
import type { INodeProperties, INodeTypeDescription } from '../../model/nodeTypes.ts';

const toXml = { show: { mode: ['jsonToxml'] } };
const toJson = { show: { mode: ['xmlToJson'] } };

const ATTRKEY: INodeProperties = { displayName: 'Attribute Key', name: 'attrkey', type: 'string', default: '$', description: 'Prefix that is used to access the attributes' };
const CHARKEY: INodeProperties = { displayName: 'Character Key', name: 'charkey', type: 'string', default: '_', description: 'Prefix that is used to access the character content' };
const flag = (displayName: string, name: string, def: boolean, description: string): INodeProperties => ({ displayName, name, type: 'boolean', default: def, description });

export const xmlDescription: INodeTypeDescription = {
  name: 'n8n-nodes-base.xml',
  displayName: 'XML',
  description: 'Convert data from and to XML',
  icon: 'fa:file-code',
  iconColor: 'purple',
  group: ['transform'],
  version: 1,
  subtitle: '={{$parameter["mode"]==="jsonToxml" ? "JSON to XML" : "XML to JSON"}}',
  defaults: { name: 'XML', color: '#333377' },
  inputs: ['main'],
  outputs: ['main'],
  codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Data Transformation'] }, alias: ['XML', 'JSON', 'Convert', 'Parse'] },
  properties: [
    {
      displayName: 'Mode',
      name: 'mode',
      type: 'options',
      options: [
        { name: 'JSON to XML', value: 'jsonToxml', description: 'Converts data from JSON to XML' },
        { name: 'XML to JSON', value: 'xmlToJson', description: 'Converts data from XML to JSON' },
      ],
      default: 'xmlToJson',
      description: 'From and to what format the data should be converted',
    },
    { displayName: "If your XML is inside a binary file, use the 'Extract from File' node to convert it to text first", name: 'xmlNotice', type: 'notice', default: '', displayOptions: toJson },
    { displayName: 'Property Name', name: 'dataPropertyName', type: 'string', displayOptions: toXml, default: 'data', required: true, description: 'Name of the property to which to contains the converted XML data' },
    {
      displayName: 'Options',
      name: 'options',
      type: 'collection',
      placeholder: 'Add option',
      displayOptions: toXml,
      default: {},
      options: [
        flag('Allow Surrogate Chars', 'allowSurrogateChars', false, 'Whether to allow using characters from the Unicode surrogate blocks'),
        ATTRKEY,
        flag('Cdata', 'cdata', false, 'Whether to wrap text nodes in &lt;![CDATA[ ... ]]&gt; instead of escaping when necessary. Does not add &lt;![CDATA[ ... ]]&gt; if it is not required.'),
        CHARKEY,
        flag('Headless', 'headless', false, 'Whether to omit the XML header'),
        { displayName: 'Root Name', name: 'rootName', type: 'string', default: 'root', description: 'Root element name to be used' },
      ],
    },
    { displayName: 'Property Name', name: 'dataPropertyName', type: 'string', displayOptions: toJson, default: 'data', required: true, description: 'Name of the property which contains the XML data to convert' },
    {
      displayName: 'Options',
      name: 'options',
      type: 'collection',
      placeholder: 'Add option',
      displayOptions: toJson,
      default: {},
      options: [
        ATTRKEY,
        CHARKEY,
        flag('Explicit Array', 'explicitArray', false, 'Whether to always put child nodes in an array if true; otherwise an array is created only if there is more than one'),
        flag('Explicit Root', 'explicitRoot', true, 'Whether to set this if you want to get the root node in the resulting object'),
        flag('Ignore Attributes', 'ignoreAttrs', false, 'Whether to ignore all XML attributes and only create text nodes'),
        flag(
          'Merge Attributes',
          'mergeAttrs',
          true,
          'Whether to merge attributes and child elements as properties of the parent, instead of keying attributes off a child attribute object. This option is ignored if ignoreAttrs is true.',
        ),
        flag('Normalize', 'normalize', false, 'Whether to trim whitespaces inside text nodes'),
        flag('Normalize Tags', 'normalizeTags', false, 'Whether to normalize all tag names to lowercase'),
        flag('Trim', 'trim', false, 'Whether to trim the whitespace at the beginning and end of text nodes'),
      ],
    },
  ],
};
