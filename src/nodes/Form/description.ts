// Parameters of n8n's Form Trigger (n8n-nodes-base.formTrigger 1, 2, 2.1–2.5) and Form
// (n8n-nodes-base.form 1, 2.3–2.5), with n8n's names and defaults so imported workflows keep
// their settings. The pages these describe are served by src/server/forms.
import type { INodeProperties } from '../../model/nodeTypes.ts';

const optionList = (label: string, placeholder: string) => ({
  displayName: label,
  name: 'fieldOptions',
  placeholder,
  type: 'fixedCollection' as const,
  default: { values: [{ option: '' }] },
  required: true,
  typeOptions: { multipleValues: true, sortable: true },
  options: [{ displayName: 'Values', name: 'values', values: [{ displayName: label === 'Field Options' ? 'Option' : `${label.replace(/s$/, '')} Label`, name: 'option', type: 'string' as const, default: '' }] }],
});

/** Form Elements (v2+): every element type n8n offers. */
export const formFieldsProperty: INodeProperties = {
  displayName: 'Form Elements',
  name: 'formFields',
  placeholder: 'Add Form Element',
  type: 'fixedCollection',
  default: {},
  typeOptions: { multipleValues: true, sortable: true },
  options: [
    {
      displayName: 'Values',
      name: 'values',
      values: [
        { displayName: 'Field Name', name: 'fieldLabel', type: 'string', default: '', placeholder: 'e.g. What is your name?', description: 'Label that appears above the input field', required: true, displayOptions: { hide: { fieldType: ['hiddenField', 'html'] } } },
        { displayName: 'Field Name', name: 'fieldName', type: 'string', default: '', description: 'The name of the field, used in input attributes and referenced by the workflow', displayOptions: { show: { fieldType: ['hiddenField'] } } },
        {
          displayName: 'Element Type',
          name: 'fieldType',
          type: 'options',
          default: 'text',
          description: 'The type of field to add to the form',
          required: true,
          options: [
            { name: 'Checkboxes', value: 'checkbox' },
            { name: 'Custom HTML', value: 'html' },
            { name: 'Date', value: 'date' },
            { name: 'Dropdown', value: 'dropdown' },
            { name: 'Email', value: 'email' },
            { name: 'File', value: 'file' },
            { name: 'Hidden Field', value: 'hiddenField' },
            { name: 'Number', value: 'number' },
            { name: 'Password', value: 'password' },
            { name: 'Radio Buttons', value: 'radio' },
            { name: 'Text', value: 'text' },
            { name: 'Textarea', value: 'textarea' },
          ],
        },
        { displayName: 'Element Name', name: 'elementName', type: 'string', default: '', placeholder: 'e.g. content-section', description: 'Optional field. It can be used to include the html in the output.', displayOptions: { show: { fieldType: ['html'] } } },
        { displayName: 'Placeholder', name: 'placeholder', type: 'string', default: '', description: 'Sample text to display inside the field', displayOptions: { hide: { fieldType: ['dropdown', 'date', 'file', 'html', 'hiddenField', 'radio', 'checkbox'] } } },
        { displayName: 'Field Value', name: 'fieldValue', type: 'string', default: '', description: 'Input value can be set here or will be passed as a query parameter via Field Name if no value is set', displayOptions: { show: { fieldType: ['hiddenField'] } } },
        { ...optionList('Field Options', 'Add Field Option'), description: 'List of options that can be selected from the dropdown', displayOptions: { show: { fieldType: ['dropdown'] } } },
        { ...optionList('Checkboxes', 'Add Checkbox'), displayOptions: { show: { fieldType: ['checkbox'] } } },
        { ...optionList('Radio Buttons', 'Add Radio Button'), displayOptions: { show: { fieldType: ['radio'] } } },
        { displayName: 'Multiple Choice', name: 'multiselect', type: 'boolean', default: false, description: 'Whether to allow the user to select multiple options from the dropdown list', displayOptions: { show: { fieldType: ['dropdown'] } } },
        {
          displayName: 'Limit Selection',
          name: 'limitSelection',
          type: 'options',
          default: 'unlimited',
          options: [
            { name: 'Exact Number', value: 'exact' },
            { name: 'Range', value: 'range' },
            { name: 'Unlimited', value: 'unlimited' },
          ],
          displayOptions: { show: { fieldType: ['checkbox'] } },
        },
        { displayName: 'Number of Selections', name: 'numberOfSelections', type: 'number', default: 1, typeOptions: { numberPrecision: 0, minValue: 1 }, displayOptions: { show: { fieldType: ['checkbox'], limitSelection: ['exact'] } } },
        { displayName: 'Minimum Selections', name: 'minSelections', type: 'number', default: 0, typeOptions: { numberPrecision: 0, minValue: 0 }, displayOptions: { show: { fieldType: ['checkbox'], limitSelection: ['range'] } } },
        { displayName: 'Maximum Selections', name: 'maxSelections', type: 'number', default: 1, typeOptions: { numberPrecision: 0, minValue: 1 }, displayOptions: { show: { fieldType: ['checkbox'], limitSelection: ['range'] } } },
        { displayName: 'HTML', name: 'html', type: 'string', typeOptions: { editor: 'htmlEditor' }, noDataExpression: true, default: '', description: 'HTML elements to display on the form page', hint: 'Does not accept <code>&lt;script&gt;</code>, <code>&lt;style&gt;</code> or <code>&lt;input&gt;</code> tags', displayOptions: { show: { fieldType: ['html'] } } },
        { displayName: 'Multiple Files', name: 'multipleFiles', type: 'boolean', default: true, description: 'Whether to allow the user to select multiple files from the file input or just one', displayOptions: { show: { fieldType: ['file'] } } },
        { displayName: 'Accepted File Types', name: 'acceptFileTypes', type: 'string', default: '', description: 'Comma-separated list of allowed file extensions', hint: 'Leave empty to allow all file types', placeholder: 'e.g. .jpg, .png', displayOptions: { show: { fieldType: ['file'] } } },
        { displayName: 'Format Date As', name: 'formatDate', type: 'string', default: '', description: 'How to format the date in the output data (Luxon tokens, e.g. dd/MM/yyyy); empty keeps yyyy-MM-dd', displayOptions: { show: { fieldType: ['date'] } } },
        { displayName: 'Required Field', name: 'requiredField', type: 'boolean', default: false, description: 'Whether to require the user to enter a value for this field before submitting the form', displayOptions: { hide: { fieldType: ['html', 'hiddenField'] } } },
      ],
    },
  ],
};

/** Form Fields of v1 (n8n's v1 list: date, dropdown, number, password, text, textarea). */
const formFieldsV1: INodeProperties = {
  displayName: 'Form Fields',
  name: 'formFields',
  placeholder: 'Add Form Field',
  type: 'fixedCollection',
  default: { values: [{ label: '', fieldType: 'text' }] },
  typeOptions: { multipleValues: true, sortable: true },
  options: [
    {
      displayName: 'Values',
      name: 'values',
      values: [
        { displayName: 'Field Label', name: 'fieldLabel', type: 'string', default: '', placeholder: 'e.g. What is your name?', description: 'Label appears above the input field', required: true },
        {
          displayName: 'Field Type',
          name: 'fieldType',
          type: 'options',
          default: 'text',
          required: true,
          options: [
            { name: 'Date', value: 'date' },
            { name: 'Dropdown List', value: 'dropdown' },
            { name: 'Number', value: 'number' },
            { name: 'Password', value: 'password' },
            { name: 'Text', value: 'text' },
            { name: 'Textarea', value: 'textarea' },
          ],
        },
        { ...optionList('Field Options', 'Add Field Option'), description: 'List of options that can be selected from the dropdown', displayOptions: { show: { fieldType: ['dropdown'] } } },
        { displayName: 'Multiple Choice', name: 'multiselect', type: 'boolean', default: false, description: 'Whether to allow the user to select multiple options from the dropdown list', displayOptions: { show: { fieldType: ['dropdown'] } } },
        { displayName: 'Required Field', name: 'requiredField', type: 'boolean', default: false, description: 'Whether to require the user to enter a value for this field before submitting the form' },
      ],
    },
  ],
};

const formTitle: INodeProperties = { displayName: 'Form Title', name: 'formTitle', type: 'string', default: '', placeholder: 'e.g. Contact us', required: true, description: 'Shown at the top of the form' };
const formDescription: INodeProperties = { displayName: 'Form Description', name: 'formDescription', type: 'string', default: '', placeholder: "e.g. We'll get back to you soon", description: 'Shown underneath the Form Title. Can be used to prompt the user on how to complete the form. Accepts HTML.', typeOptions: { rows: 2 } };
const customCss: INodeProperties = { displayName: 'Custom Form Styling', name: 'customCss', type: 'string', typeOptions: { rows: 10, editor: 'cssEditor' }, default: '', description: 'Override default styling of the public form interface with CSS (added after the built-in styles; "<" is removed)' };
const buttonLabel: INodeProperties = { displayName: 'Button Label', name: 'buttonLabel', type: 'string', default: 'Submit' };

const respondWithOptions: INodeProperties = {
  displayName: 'Form Response',
  name: 'respondWithOptions',
  type: 'fixedCollection',
  placeholder: 'Add option',
  default: { values: { respondWith: 'text' } },
  options: [
    {
      displayName: 'Values',
      name: 'values',
      values: [
        {
          displayName: 'Respond With',
          name: 'respondWith',
          type: 'options',
          default: 'text',
          options: [
            { name: 'Form Submitted Text', value: 'text', description: 'Show a response text to the user' },
            { name: 'Redirect URL', value: 'redirect', description: 'Redirect the user to a URL' },
          ],
        },
        { displayName: 'Text to Show', name: 'formSubmittedText', type: 'string', default: 'Your response has been recorded', description: "The text displayed to users after they fill the form. Leave it empty if don't want to show any additional text.", displayOptions: { show: { respondWith: ['text'] } } },
        { displayName: 'URL to Redirect to', name: 'redirectUrl', type: 'string', default: '', placeholder: 'e.g. http://www.n8n.io', description: 'The URL to redirect users to after they fill the form. Must be a valid URL.', displayOptions: { show: { respondWith: ['redirect'] } } },
      ],
    },
  ],
};

const panel = {
  header: 'Pull in a test form submission',
  executionsHelp: {
    inactive:
      "Form Trigger has two modes: test and production. <br /> <br /> <b>Use test mode while you build your workflow</b>. Click the 'Execute step' button, then fill out the test form that opens in a popup tab. The executions will show up in the editor.<br /> <br /> <b>Use production mode to run your workflow automatically</b>. <a data-key=\"activate\">Activate</a> the workflow, then make requests to the production URL. Then every time there's a form submission via the Production Form URL, the workflow will execute. These executions will show up in the executions list, but not in the editor.",
    active:
      "Form Trigger has two modes: test and production. <br /> <br /> <b>Use test mode while you build your workflow</b>. Click the 'Execute step' button, then fill out the test form that opens in a popup tab. The executions will show up in the editor.<br /> <br /> <b>Use production mode to run your workflow automatically</b>. Since the workflow is activated, every form submission via the Production Form URL runs it. These executions will show up in the executions list, but not in the editor.",
  },
  activationHint: '<a data-key="activate">Activate</a> this workflow to have it also run automatically for new form submissions created via the Production URL.',
};
export const formTriggerPanel = panel;

export const formTriggerV1Properties: INodeProperties[] = [
  formTitle,
  formDescription,
  formFieldsV1,
  {
    displayName: 'Respond When',
    name: 'responseMode',
    type: 'options',
    options: [
      { name: 'Form Is Submitted', value: 'onReceived', description: 'As soon as this node receives the form submission' },
      { name: 'Workflow Finishes', value: 'lastNode', description: 'When the last node of the workflow is executed' },
    ],
    default: 'onReceived',
    description: 'When to respond to the form submission',
  },
  { displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {}, options: [{ displayName: 'Form Submitted Text', name: 'formSubmittedText', type: 'string', default: 'Your response has been recorded' }] },
];

export const formTriggerV2Properties: INodeProperties[] = [
  {
    displayName: 'Authentication',
    name: 'authentication',
    type: 'options',
    options: [
      { name: 'Basic Auth', value: 'basicAuth' },
      { name: 'None', value: 'none' },
    ],
    default: 'none',
  },
  // n8n 2 and 2.1 have the Form Path on top; from 2.2 it is an option (empty: the webhook id).
  { displayName: 'Form Path', name: 'path', type: 'string', default: '', placeholder: 'webhook', required: true, description: "The final segment of the form's URL, both for test and production", displayOptions: { show: { '@version': [2, 2.1] } } },
  formTitle,
  formDescription,
  formFieldsProperty,
  {
    displayName: 'Respond When',
    name: 'responseMode',
    type: 'options',
    options: [
      { name: 'Form Is Submitted', value: 'onReceived', description: 'As soon as this node receives the form submission' },
      { name: 'Workflow Finishes', value: 'lastNode', description: 'When the last node of the workflow is executed' },
      { name: "Using 'Respond to Webhook' Node", value: 'responseNode', description: "When the 'Respond to Webhook' node is executed" },
    ],
    default: 'onReceived',
    description: 'When to respond to the form submission',
  },
  {
    displayName:
      "In the 'Respond to Webhook' node, select 'Respond With JSON' and set the <strong>formSubmittedText</strong> key to display a custom response in the form, or the <strong>redirectURL</strong> key to redirect users to a URL",
    name: 'formNotice',
    type: 'notice',
    displayOptions: { show: { responseMode: ['responseNode'] } },
    default: '',
  },
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    options: [
      { displayName: 'Append n8n Attribution', name: 'appendAttribution', type: 'boolean', default: true, description: 'Whether to include the line "Form automated with Switchyard" at the bottom of the form' },
      buttonLabel,
      { displayName: 'Form Path', name: 'path', type: 'string', default: '', placeholder: 'webhook', description: "The final segment of the form's URL, both for test and production (empty: the node's webhook id)", displayOptions: { show: { '@version': [2.2, 2.3, 2.4, 2.5] } } },
      { ...respondWithOptions, displayOptions: { hide: { '/responseMode': ['responseNode'] } } },
      { displayName: 'Ignore Bots', name: 'ignoreBots', type: 'boolean', default: false, description: 'Whether to ignore requests from bots like link previewers and web crawlers' },
      { displayName: 'Use Workflow Timezone', name: 'useWorkflowTimezone', type: 'boolean', default: true, description: "Whether to use the workflow timezone in 'submittedAt' field or UTC" },
      customCss,
    ],
  },
];

const waitTimeProperties = (show: Record<string, unknown[]>): INodeProperties[] => [
  { displayName: 'Limit Wait Time', name: 'limitWaitTime', type: 'boolean', default: false, description: 'Whether to limit the time this node should wait for a user response before execution resumes', displayOptions: { show } },
  {
    displayName: 'Limit Type',
    name: 'limitType',
    type: 'options',
    default: 'afterTimeInterval',
    options: [
      { name: 'After Time Interval', value: 'afterTimeInterval', description: 'Waits for a certain amount of time' },
      { name: 'At Specified Time', value: 'atSpecifiedTime', description: 'Waits until the set date and time to continue' },
    ],
    displayOptions: { show: { ...show, limitWaitTime: [true] } },
  },
  { displayName: 'Amount', name: 'resumeAmount', type: 'number', default: 1, typeOptions: { minValue: 0, numberPrecision: 2 }, displayOptions: { show: { ...show, limitWaitTime: [true], limitType: ['afterTimeInterval'] } } },
  {
    displayName: 'Unit',
    name: 'resumeUnit',
    type: 'options',
    default: 'hours',
    options: [
      { name: 'Minutes', value: 'minutes' },
      { name: 'Hours', value: 'hours' },
      { name: 'Days', value: 'days' },
    ],
    displayOptions: { show: { ...show, limitWaitTime: [true], limitType: ['afterTimeInterval'] } },
  },
  { displayName: 'Max Date and Time', name: 'maxDateAndTime', type: 'dateTime', default: '', displayOptions: { show: { ...show, limitWaitTime: [true], limitType: ['atSpecifiedTime'] } } },
];

const page = { operation: ['page'] };
const completion = { operation: ['completion'] };

export const formProperties: INodeProperties[] = [
  { displayName: 'An n8n Form Trigger node must be set up before this node', name: 'triggerNotice', type: 'notice', default: '' },
  {
    displayName: 'Page Type',
    name: 'operation',
    type: 'options',
    default: 'page',
    noDataExpression: true,
    options: [
      { name: 'Next Form Page', value: 'page' },
      { name: 'Form Ending', value: 'completion' },
    ],
  },
  {
    displayName: 'Define Form',
    name: 'defineForm',
    type: 'options',
    noDataExpression: true,
    options: [
      { name: 'Using Fields Below', value: 'fields' },
      { name: 'Using JSON', value: 'json' },
    ],
    default: 'fields',
    displayOptions: { show: page },
  },
  {
    displayName: 'Form Fields',
    name: 'jsonOutput',
    type: 'json',
    typeOptions: { rows: 5 },
    default: '[\n  {\n    "fieldLabel": "Name",\n    "placeholder": "enter your name",\n    "requiredField": true\n  }\n]\n',
    hint: 'A JSON array of fields with the same keys as Form Elements (fieldLabel, fieldType, requiredField, fieldOptions …)',
    displayOptions: { show: { ...page, defineForm: ['json'] } },
  },
  { ...formFieldsProperty, displayOptions: { show: { ...page, defineForm: ['fields'] } } },
  ...waitTimeProperties(page),
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    displayOptions: { show: page },
    options: [{ ...formTitle, required: false }, formDescription, buttonLabel, customCss],
  },
  {
    displayName: 'On n8n Form Submission',
    name: 'respondWith',
    type: 'options',
    default: 'text',
    options: [
      { name: 'Show Completion Screen', value: 'text', description: 'Show a response text to the user' },
      { name: 'Redirect to URL', value: 'redirect', description: 'Redirect the user to a URL' },
      { name: 'Show Text', value: 'showText', description: 'Display simple text or HTML' },
      { name: 'Return Binary File', value: 'returnBinary', description: 'Return incoming binary file' },
    ],
    displayOptions: { show: completion },
  },
  { displayName: 'URL', name: 'redirectUrl', type: 'string', default: '', required: true, displayOptions: { show: { ...completion, respondWith: ['redirect'] } } },
  { displayName: 'Completion Title', name: 'completionTitle', type: 'string', default: '', required: true, displayOptions: { show: { ...completion, respondWith: ['text', 'returnBinary'] } } },
  { displayName: 'Completion Message', name: 'completionMessage', type: 'string', default: '', typeOptions: { rows: 2 }, displayOptions: { show: { ...completion, respondWith: ['text', 'returnBinary'] } } },
  { displayName: 'Text', name: 'responseText', type: 'string', default: '', typeOptions: { rows: 2 }, placeholder: 'e.g. Thanks for filling the form', description: 'The text to display on the page. Use HTML to show a customized web page.', displayOptions: { show: { ...completion, respondWith: ['showText'] } } },
  { displayName: 'Input Data Field Name', name: 'inputDataFieldName', type: 'string', default: 'data', placeholder: 'e.g. data', hint: 'The name of the input field containing the binary file data to be returned', displayOptions: { show: { ...completion, respondWith: ['returnBinary'] } } },
  ...waitTimeProperties(completion),
  {
    displayName: 'Options',
    name: 'options',
    type: 'collection',
    placeholder: 'Add option',
    default: {},
    displayOptions: { show: { ...completion, respondWith: ['text', 'returnBinary', 'redirect'] } },
    options: [{ ...formTitle, required: false, displayName: 'Completion Page Title' }, customCss],
  },
];
