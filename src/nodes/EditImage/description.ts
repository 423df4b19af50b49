// Edit Image 1's parameters, as n8n's (n8n-nodes-base.editImage).
import type { INodeProperties, INodePropertyOption, INodeTypeDescription } from '../../model/nodeTypes.ts';

const OPERATIONS: INodePropertyOption[] = [
  { name: 'Blur', value: 'blur', description: 'Adds a blur to the image and so makes it less sharp' },
  { name: 'Border', value: 'border', description: 'Adds a border to the image' },
  { name: 'Composite', value: 'composite', description: 'Composite image on top of another one' },
  { name: 'Create', value: 'create', description: 'Create a new image' },
  { name: 'Crop', value: 'crop', description: 'Crops the image' },
  { name: 'Draw', value: 'draw', description: 'Draw on image' },
  { name: 'Rotate', value: 'rotate', description: 'Rotate image' },
  { name: 'Resize', value: 'resize', description: 'Change the size of image' },
  { name: 'Shear', value: 'shear', description: 'Shear image along the X or Y axis' },
  { name: 'Text', value: 'text', description: 'Adds text to image' },
  { name: 'Transparent', value: 'transparent', description: 'Make a color in image transparent' },
];

const show = (...operation: string[]) => ({ show: { operation } });
const COMPOSITE_OPERATORS = ['Add', 'Atop', 'Bumpmap', 'Copy', 'CopyBlack', 'CopyBlue', 'CopyCyan', 'CopyGreen', 'CopyMagenta', 'CopyOpacity', 'CopyRed', 'CopyYellow', 'Difference', 'Divide', 'In', 'Minus', 'Multiply', 'Out', 'Over', 'Plus', 'Subtract', 'Xor'];
const label = (v: string) => v.replace(/([a-z])([A-Z])/g, '$1 $2');

const operationOptions: INodeProperties[] = [
  { displayName: 'Background Color', name: 'backgroundColor', type: 'color', default: '#ffffff00', typeOptions: { showAlpha: true }, displayOptions: show('create'), description: 'The background color of the image to create' },
  { displayName: 'Image Width', name: 'width', type: 'number', default: 50, typeOptions: { minValue: 1 }, displayOptions: show('create'), description: 'The width of the image to create' },
  { displayName: 'Image Height', name: 'height', type: 'number', default: 50, typeOptions: { minValue: 1 }, displayOptions: show('create'), description: 'The height of the image to create' },
  {
    displayName: 'Primitive',
    name: 'primitive',
    type: 'options',
    displayOptions: show('draw'),
    options: [
      { name: 'Circle', value: 'circle' },
      { name: 'Line', value: 'line' },
      { name: 'Rectangle', value: 'rectangle' },
    ],
    default: 'rectangle',
    description: 'The primitive to draw',
  },
  { displayName: 'Color', name: 'color', type: 'color', default: '#ff000000', typeOptions: { showAlpha: true }, displayOptions: show('draw'), description: 'The color of the primitive to draw' },
  { displayName: 'Start Position X', name: 'startPositionX', type: 'number', default: 50, displayOptions: { show: { operation: ['draw'], primitive: ['circle', 'line', 'rectangle'] } }, description: 'X (horizontal) start position of the primitive' },
  { displayName: 'Start Position Y', name: 'startPositionY', type: 'number', default: 50, displayOptions: { show: { operation: ['draw'], primitive: ['circle', 'line', 'rectangle'] } }, description: 'Y (horizontal) start position of the primitive' },
  { displayName: 'End Position X', name: 'endPositionX', type: 'number', default: 250, displayOptions: { show: { operation: ['draw'], primitive: ['circle', 'line', 'rectangle'] } }, description: 'X (horizontal) end position of the primitive' },
  { displayName: 'End Position Y', name: 'endPositionY', type: 'number', default: 250, displayOptions: { show: { operation: ['draw'], primitive: ['circle', 'line', 'rectangle'] } }, description: 'Y (horizontal) end position of the primitive' },
  { displayName: 'Corner Radius', name: 'cornerRadius', type: 'number', default: 0, displayOptions: { show: { operation: ['draw'], primitive: ['rectangle'] } }, description: 'The radius of the corner to create round corners' },
  { displayName: 'Text', name: 'text', typeOptions: { rows: 5 }, type: 'string', default: '', placeholder: 'Text to render', displayOptions: show('text'), description: 'Text to write on the image' },
  { displayName: 'Font Size', name: 'fontSize', type: 'number', default: 18, displayOptions: show('text'), description: 'Size of the text (the built-in font comes in 8, 10, 12, 14, 16, 32, 64 and 128: the nearest is used)' },
  { displayName: 'Font Color', name: 'fontColor', type: 'color', default: '#000000', displayOptions: show('text'), description: 'Color of the text' },
  { displayName: 'Position X', name: 'positionX', type: 'number', default: 50, displayOptions: show('text'), description: 'X (horizontal) position of the text' },
  { displayName: 'Position Y', name: 'positionY', type: 'number', default: 50, displayOptions: show('text'), description: 'Y (vertical) position of the text' },
  { displayName: 'Max Line Length', name: 'lineLength', type: 'number', typeOptions: { minValue: 1 }, default: 80, displayOptions: show('text'), description: 'Max amount of characters in a line before a line-break should get added' },
  { displayName: 'Blur', name: 'blur', type: 'number', typeOptions: { minValue: 0, maxValue: 1000 }, default: 5, displayOptions: show('blur'), description: 'How strong the blur should be' },
  { displayName: 'Sigma', name: 'sigma', type: 'number', typeOptions: { minValue: 0, maxValue: 1000 }, default: 2, displayOptions: show('blur'), description: 'The sigma of the blur' },
  { displayName: 'Border Width', name: 'borderWidth', type: 'number', default: 10, displayOptions: show('border'), description: 'The width of the border' },
  { displayName: 'Border Height', name: 'borderHeight', type: 'number', default: 10, displayOptions: show('border'), description: 'The height of the border' },
  { displayName: 'Border Color', name: 'borderColor', type: 'color', default: '#000000', displayOptions: show('border'), description: 'Color of the border' },
  { displayName: 'Composite Image Property', name: 'dataPropertyNameComposite', type: 'string', default: '', placeholder: 'data2', displayOptions: show('composite'), description: 'The name of the binary property which contains the data of the image to composite on top of image which is found in Property Name' },
  { displayName: 'Operator', name: 'operator', type: 'options', displayOptions: show('composite'), options: COMPOSITE_OPERATORS.map((v) => ({ name: label(v), value: v })), default: 'Over', description: 'The operator to use to combine the images (Bumpmap and the CMYK channel copies are not supported)' },
  { displayName: 'Position X', name: 'positionX', type: 'number', default: 0, displayOptions: show('composite'), description: 'X (horizontal) position of composite image' },
  { displayName: 'Position Y', name: 'positionY', type: 'number', default: 0, displayOptions: show('composite'), description: 'Y (vertical) position of composite image' },
  { displayName: 'Width', name: 'width', type: 'number', default: 500, displayOptions: show('crop'), description: 'Crop width' },
  { displayName: 'Height', name: 'height', type: 'number', default: 500, displayOptions: show('crop'), description: 'Crop height' },
  { displayName: 'Position X', name: 'positionX', type: 'number', default: 0, displayOptions: show('crop'), description: 'X (horizontal) position to crop from' },
  { displayName: 'Position Y', name: 'positionY', type: 'number', default: 0, displayOptions: show('crop'), description: 'Y (vertical) position to crop from' },
  { displayName: 'Width', name: 'width', type: 'number', default: 500, displayOptions: show('resize'), description: 'New width of the image' },
  { displayName: 'Height', name: 'height', type: 'number', default: 500, displayOptions: show('resize'), description: 'New height of the image' },
  {
    displayName: 'Option',
    name: 'resizeOption',
    type: 'options',
    options: [
      { name: 'Ignore Aspect Ratio', value: 'ignoreAspectRatio', description: 'Ignore aspect ratio and resize exactly to specified values' },
      { name: 'Maximum Area', value: 'maximumArea', description: 'Specified values are maximum area' },
      { name: 'Minimum Area', value: 'minimumArea', description: 'Specified values are minimum area' },
      { name: 'Only if Larger', value: 'onlyIfLarger', description: 'Resize only if image is larger than width or height' },
      { name: 'Only if Smaller', value: 'onlyIfSmaller', description: 'Resize only if image is smaller than width or height' },
      { name: 'Percent', value: 'percent', description: 'Width and height are specified in percents' },
    ],
    default: 'maximumArea',
    displayOptions: show('resize'),
    description: 'How to resize the image',
  },
  { displayName: 'Rotate', name: 'rotate', type: 'number', typeOptions: { minValue: -360, maxValue: 360 }, default: 0, displayOptions: show('rotate'), description: 'How much the image should be rotated' },
  { displayName: 'Background Color', name: 'backgroundColor', type: 'color', default: '#ffffffff', typeOptions: { showAlpha: true }, displayOptions: show('rotate'), description: 'The color to use for the background when image gets rotated by anything which is not a multiple of 90' },
  { displayName: 'Degrees X', name: 'degreesX', type: 'number', default: 0, displayOptions: show('shear'), description: 'X (horizontal) shear degrees' },
  { displayName: 'Degrees Y', name: 'degreesY', type: 'number', default: 0, displayOptions: show('shear'), description: 'Y (vertical) shear degrees' },
  { displayName: 'Color', name: 'color', type: 'color', default: '#ff0000', displayOptions: show('transparent'), description: 'The color to make transparent' },
] as INodeProperties[];

const fontOption = (displayOptions: INodeProperties['displayOptions']): INodeProperties =>
  ({ displayName: 'Font Name or ID', name: 'font', type: 'options', displayOptions, options: [{ name: 'default', value: 'default' }], default: 'default', description: 'The font to use (only the built-in font is available here)' }) as INodeProperties;

export const editImageDescription: INodeTypeDescription = {
  displayName: 'Edit Image',
  name: 'n8n-nodes-base.editImage',
  icon: 'fa:image',
  group: ['transform'],
  version: 1,
  description: 'Edits an image like blur, resize or adding border and text',
  defaults: { name: 'Edit Image', color: '#553399' },
  inputs: ['main'],
  outputs: ['main'],
  properties: [
    {
      displayName: 'Operation',
      name: 'operation',
      type: 'options',
      noDataExpression: true,
      options: [{ name: 'Get Information', value: 'information', description: 'Returns image information like resolution' }, { name: 'Multi Step', value: 'multiStep', description: 'Perform multiple operations' }, ...OPERATIONS].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())),
      default: 'border',
    },
    { displayName: 'Property Name', name: 'dataPropertyName', type: 'string', default: 'data', description: 'Name of the binary property in which the image data can be found' },
    {
      displayName: 'Operations',
      name: 'operations',
      placeholder: 'Add Operation',
      type: 'fixedCollection',
      typeOptions: { multipleValues: true, sortable: true },
      displayOptions: show('multiStep'),
      description: 'The operations to perform',
      default: {},
      options: [
        {
          name: 'operations',
          displayName: 'Operations',
          values: [{ displayName: 'Operation', name: 'operation', type: 'options', noDataExpression: true, options: OPERATIONS, default: '' }, ...operationOptions, fontOption(show('text'))],
        },
      ],
    },
    ...operationOptions,
    {
      displayName: 'Options',
      name: 'options',
      type: 'collection',
      placeholder: 'Add Option',
      default: {},
      displayOptions: { hide: { operation: ['information'] } },
      options: [
        { displayName: 'File Name', name: 'fileName', type: 'string', default: '', description: 'File name to set in binary data' },
        fontOption({ show: { '/operation': ['text'] } }),
        {
          displayName: 'Format',
          name: 'format',
          type: 'options',
          options: ['bmp', 'gif', 'jpeg', 'png', 'tiff'].map((f) => ({ name: f, value: f })),
          default: 'jpeg',
          description: 'Set the output image format',
        },
        { displayName: 'Quality', name: 'quality', type: 'number', typeOptions: { minValue: 0, maxValue: 100 }, default: 100, displayOptions: { show: { format: ['jpeg', 'png', 'tiff'] } }, description: 'Sets the jpeg|png|tiff compression level from 0 to 100 (best)' },
      ],
    },
  ] as INodeProperties[],
};

/** Each operation's parameters when it is the node's own operation (n8n's requiredOperationParameters). */
export const OPERATION_PARAMETERS: Record<string, string[]> = {
  blur: ['blur', 'sigma'],
  border: ['borderColor', 'borderWidth', 'borderHeight'],
  create: ['backgroundColor', 'height', 'width'],
  crop: ['height', 'positionX', 'positionY', 'width'],
  composite: ['dataPropertyNameComposite', 'operator', 'positionX', 'positionY'],
  draw: ['color', 'cornerRadius', 'endPositionX', 'endPositionY', 'primitive', 'startPositionX', 'startPositionY'],
  information: [],
  resize: ['height', 'resizeOption', 'width'],
  rotate: ['backgroundColor', 'rotate'],
  shear: ['degreesX', 'degreesY'],
  text: ['font', 'fontColor', 'fontSize', 'lineLength', 'positionX', 'positionY', 'text'],
  transparent: ['color'],
};
