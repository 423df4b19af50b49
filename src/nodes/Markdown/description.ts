// Markdown v1: Markdown to HTML (showdown) and HTML to Markdown (node-html-markdown).
import type { INodeProperties, INodeTypeDescription } from '../../model/nodeTypes.ts';

const flag = (displayName: string, name: string, def: boolean, description: string): INodeProperties => ({ displayName, name, type: 'boolean', default: def, description });
const pattern = (displayName: string, name: string, multipleValues: boolean, description: string): INodeProperties => ({
  displayName,
  name,
  type: 'fixedCollection',
  typeOptions: { multipleValues },
  default: multipleValues ? [] : {},
  description,
  options: [
    {
      name: multipleValues ? 'values' : 'value',
      displayName: multipleValues ? 'Values' : 'Value',
      values: [
        { displayName: 'Pattern', name: 'pattern', type: 'string', default: '', description: 'RegEx for pattern' },
        { displayName: 'Replacement', name: 'replacement', type: 'string', default: '', description: 'String replacement' },
      ],
    },
  ],
});

const htmlToMarkdownOptions: INodeProperties[] = [
  { displayName: 'Bullet Marker', name: 'bulletMarker', type: 'string', default: '*', description: 'Specify bullet marker, default *' },
  { displayName: 'Code Block Fence', name: 'codeFence', type: 'string', default: '```', description: 'Specify code block fence, default ```' },
  { displayName: 'Emphasis Delimiter', name: 'emDelimiter', type: 'string', default: '_', description: 'Specify emphasis delimiter, default _' },
  pattern('Global Escape Pattern', 'globalEscape', false, 'Setting this will override the default escape settings, you might want to use textReplace option instead'),
  { displayName: 'Ignored Elements', name: 'ignore', type: 'string', default: '', description: 'Supplied elements will be ignored (ignores inner text does not parse children)', placeholder: 'e.g. h1, p ...', hint: 'Comma separated elements' },
  flag('Keep Images With Data', 'keepDataImages', false, 'Whether to keep images with data: URI (Note: These can be up to 1MB each), e.g. &lt;img src="data:image/gif;base64,R0lGODlhEAAQAMQAAORHHOVSK......0o/"&gt;'),
  pattern('Line Start Escape Pattern', 'lineStartEscape', false, 'Setting this will override the default escape settings, you might want to use textReplace option instead'),
  { displayName: 'Max Consecutive New Lines', name: 'maxConsecutiveNewlines', type: 'number', default: 3, description: 'Specify max consecutive new lines allowed' },
  flag('Place URLs At The Bottom', 'useLinkReferenceDefinitions', false, 'Whether to Place URLS at the bottom and format links using link reference definitions'),
  { displayName: 'Strong Delimiter', name: 'strongDelimiter', type: 'string', default: '**', description: 'Specify strong delimiter, default **' },
  {
    displayName: 'Style For Code Block',
    name: 'codeBlockStyle',
    type: 'options',
    default: 'fence',
    description: 'Specify style for code block, default "fence"',
    options: [
      { name: 'Fence', value: 'fence' },
      { name: 'Indented', value: 'indented' },
    ],
  },
  pattern('Text Replacement Pattern', 'textReplace', true, 'User-defined text replacement pattern (Replaces matching text retrieved from nodes)'),
  { displayName: 'Treat As Blocks', name: 'blockElements', type: 'string', default: '', description: 'Supplied elements will be treated as blocks (surrounded with blank lines)', placeholder: 'e.g. p, div, ...', hint: 'Comma separated elements' },
];

const markdownToHtmlOptions: INodeProperties[] = [
  flag('Add Blank To Links', 'openLinksInNewWindow', false, 'Whether to open all links in new windows (by adding the attribute target="_blank" to <a> tags)'),
  flag('Automatic Linking to URLs', 'simplifiedAutoLink', false, 'Whether to enable automatic linking to URLs'),
  flag('Backslash Escapes HTML Tags', 'backslashEscapesHTMLTags', false, 'Whether to support for HTML Tag escaping ex: &lt;div&gt;foo&lt;/div&gt;'),
  flag('Complete HTML Document', 'completeHTMLDocument', false, 'Whether to output a complete html document, including &lt;html&gt;, &lt;head&gt; and &lt;body&gt; tags instead of an HTML fragment'),
  flag('Customized Header ID', 'customizedHeaderId', false, 'Whether to use text in curly braces as header ID'),
  flag('Emoji Support', 'emoji', false, 'Whether to enable emoji support. Ex: this is a :smile: emoji For more info on available emojis, see https://github.com/showdownjs/showdown/wiki/Emojis.'),
  flag('Encode Emails', 'encodeEmails', true, 'Whether to enable e-mail addresses encoding through the use of Character Entities, transforming ASCII e-mail addresses into its equivalent decimal entities'),
  flag('Exclude Trailing Punctuation From URLs', 'excludeTrailingPunctuationFromURLs', false, 'Whether to exclude trailing punctuation from autolinking URLs. Punctuation excluded: . ! ? ( ). Only applies if simplifiedAutoLink option is set to true.'),
  flag('GitHub Code Blocks', 'ghCodeBlocks', true, 'Whether to enable support for GFM code block style'),
  flag('GitHub Compatible Header IDs', 'ghCompatibleHeaderId', false, 'Whether to generate header IDs compatible with github style (spaces are replaced with dashes and a bunch of non alphanumeric chars are removed)'),
  { displayName: 'GitHub Mention Link', name: 'ghMentionsLink', type: 'string', default: 'https://github.com/{u}', description: 'Whether to change the link generated by @mentions. Showdown will replace {u} with the username. Only applies if ghMentions option is enabled.' },
  flag('GitHub Mentions', 'ghMentions', false, 'Whether to enable github @mentions, which link to the username mentioned'),
  flag('GitHub Task Lists', 'tasklists', false, 'Whether to enable support for GFM tasklists'),
  { displayName: 'Header Level Start', name: 'headerLevelStart', type: 'number', default: 1, description: 'Whether to set the header starting level' },
  flag('Mandatory Space Before Header', 'requireSpaceBeforeHeadingText', false, 'Whether to make adding a space between # and the header text mandatory'),
  flag('Middle Word Asterisks', 'literalMidWordAsterisks', false, 'Whether to stop showdown from interpreting asterisks in the middle of words as <em> and <strong> and instead treat them as literal asterisks'),
  flag('Middle Word Underscores', 'literalMidWordUnderscores', false, 'Whether to stop showdown from interpreting underscores in the middle of words as <em> and <strong> and instead treat them as literal underscores'),
  flag('No Header ID', 'noHeaderId', false, 'Whether to disable the automatic generation of header IDs'),
  flag('Parse Image Dimensions', 'parseImgDimensions', false, 'Whether to enable support for setting image dimensions from within markdown syntax'),
  { displayName: 'Prefix Header ID', name: 'prefixHeaderId', type: 'string', default: 'section', description: 'Add a prefix to the generated header IDs' },
  flag('Raw Header ID', 'rawHeaderId', false, 'Whether to remove only spaces, \' and " from generated header IDs (including prefixes), replacing them with dashes (-)'),
  flag('Raw Prefix Header ID', 'rawPrefixHeaderId', false, 'Whether to prevent showdown from modifying the prefix'),
  flag('Simple Line Breaks', 'simpleLineBreaks', false, 'Whether to parse line breaks as &lt;br&gt;, like GitHub does, without needing 2 spaces at the end of the line'),
  flag('Smart Indentation Fix', 'smartIndentationFix', false, 'Whether to try to smartly fix indentation problems related to es6 template strings in the midst of indented code'),
  flag('Spaces Indented Sublists', 'disableForced4SpacesIndentedSublists', false, 'Whether to disable the requirement of indenting sublists by 4 spaces for them to be nested, effectively reverting to the old behavior where 2 or 3 spaces were enough'),
  flag('Split Adjacent Blockquotes', 'splitAdjacentBlockquotes', false, 'Whether to split adjacent blockquote blocks'),
  flag('Strikethrough', 'strikethrough', false, 'Whether to enable support for strikethrough syntax'),
  flag('Tables Header ID', 'tablesHeaderId', false, 'Whether to add an ID property to table headers tags'),
  flag('Tables Support', 'tables', false, 'Whether to enable support for tables syntax'),
];

export const markdownDescription: INodeTypeDescription = {
  name: 'n8n-nodes-base.markdown',
  displayName: 'Markdown',
  description: 'Convert data between Markdown and HTML',
  icon: 'fa:font',
  group: ['output'],
  version: 1,
  subtitle: '={{$parameter["mode"]==="markdownToHtml" ? "Markdown to HTML" : "HTML to Markdown"}}',
  defaults: { name: 'Markdown' },
  inputs: ['main'],
  outputs: ['main'],
  codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Data Transformation'] }, alias: ['Markdown', 'HTML', 'Convert', 'md'] },
  properties: [
    {
      displayName: 'Mode',
      name: 'mode',
      type: 'options',
      options: [
        { name: 'Markdown to HTML', value: 'markdownToHtml', description: 'Convert data from Markdown to HTML' },
        { name: 'HTML to Markdown', value: 'htmlToMarkdown', description: 'Convert data from HTML to Markdown' },
      ],
      default: 'htmlToMarkdown',
    },
    { displayName: 'HTML', name: 'html', type: 'string', displayOptions: { show: { mode: ['htmlToMarkdown'] } }, default: '', required: true, description: 'The HTML to be converted to markdown' },
    { displayName: 'Markdown', name: 'markdown', type: 'string', displayOptions: { show: { mode: ['markdownToHtml'] } }, default: '', required: true, description: 'The Markdown to be converted to html' },
    {
      displayName: 'Destination Key',
      name: 'destinationKey',
      type: 'string',
      displayOptions: { show: { mode: ['markdownToHtml', 'htmlToMarkdown'] } },
      default: 'data',
      required: true,
      placeholder: '',
      description: 'The field to put the output in. Specify nested fields using dots, e.g."level1.level2.newKey".',
    },
    { displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add option', default: {}, displayOptions: { show: { mode: ['htmlToMarkdown'] } }, options: htmlToMarkdownOptions },
    { displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add option', default: {}, displayOptions: { show: { mode: ['markdownToHtml'] } }, options: markdownToHtmlOptions },
  ],
};
