// Move Binary Data ("Convert to/from binary data"): n8n-nodes-base.moveBinaryData v1 and 1.1.
// binaryToJson reads a binary property as text (any iconv-lite encoding) into the item's JSON,
// parsed or not; jsonToBinary writes the item's JSON, or one field of it, into a binary property.
// 1.1 only sets application/json for JSON it wrote itself and names files "file.<ext>".
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { NodeOperationError, type NodeType } from '../types.ts';
import { deepCopy, deepCopyLarge } from '../shared/deepCopy.ts';
import { getPath, setPath, unsetPath } from '../shared/path.ts';
import { bomAwareEncodings, decodeText, encodeDecodeOptions, encodeText, prepareBinary } from '../shared/files/binaryHelpers.ts';
import { parseJsonText } from '../shared/files/jsonText.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';

async function parseJson(ctx: Parameters<NonNullable<NodeType['execute']>>[0], text: string, itemIndex: number): Promise<unknown> {
  try {
    return await parseJsonText(text);
  } catch (e) {
    throw new NodeOperationError(ctx.getNode(), `The binary data is not valid JSON: ${(e as Error).message}`, { itemIndex, description: "Turn off 'Set All Data' / 'JSON Parse' to keep the text as it is" });
  }
}

export const moveBinaryData: NodeType = {
  kind: 'regular',
  description: {
    displayName: 'Convert to/from binary data',
    name: 'n8n-nodes-base.moveBinaryData',
    icon: 'fa:exchange-alt',
    group: ['transform'],
    version: [1, 1.1],
    hidden: true,
    subtitle: '={{$parameter["mode"]==="binaryToJson" ? "Binary to JSON" : "JSON to Binary"}}',
    description: 'Move data between binary and JSON properties',
    defaults: { name: 'Convert to/from binary data', color: '#7722CC' },
    inputs: ['main'],
    outputs: ['main'],
    properties: [
      {
        displayName: 'Mode',
        name: 'mode',
        type: 'options',
        options: [
          { name: 'Binary to JSON', value: 'binaryToJson', description: 'Move data from Binary to JSON' },
          { name: 'JSON to Binary', value: 'jsonToBinary', description: 'Move data from JSON to Binary' },
        ],
        default: 'binaryToJson',
        description: 'From and to where data should be moved',
      },
      { displayName: 'Set All Data', name: 'setAllData', type: 'boolean', displayOptions: { show: { mode: ['binaryToJson'] } }, default: true, description: 'Whether all JSON data should be replaced with the data retrieved from binary key. Else the data will be written to a single key.' },
      { displayName: 'Source Key', name: 'sourceKey', type: 'string', displayOptions: { show: { mode: ['binaryToJson'] } }, default: 'data', required: true, placeholder: 'data', description: 'The name of the binary key to get data from. It is also possible to define deep keys by using dot-notation like for example: "level1.level2.currentKey".' },
      { displayName: 'Destination Key', name: 'destinationKey', type: 'string', displayOptions: { show: { mode: ['binaryToJson'], setAllData: [false] } }, default: 'data', required: true, placeholder: '', description: 'The name the JSON key to copy data to. It is also possible to define deep keys by using dot-notation like for example: "level1.level2.newKey".' },
      { displayName: 'Convert All Data', name: 'convertAllData', type: 'boolean', displayOptions: { show: { mode: ['jsonToBinary'] } }, default: true, description: 'Whether all JSON data should be converted to binary. Else only the data of one key will be converted.' },
      { displayName: 'Source Key', name: 'sourceKey', type: 'string', displayOptions: { show: { convertAllData: [false], mode: ['jsonToBinary'] } }, default: 'data', required: true, placeholder: 'data', description: 'The name of the JSON key to get data from. It is also possible to define deep keys by using dot-notation like for example: "level1.level2.currentKey".' },
      { displayName: 'Destination Key', name: 'destinationKey', type: 'string', displayOptions: { show: { mode: ['jsonToBinary'] } }, default: 'data', required: true, placeholder: 'data', description: 'The name the binary key to copy data to. It is also possible to define deep keys by using dot-notation like for example: "level1.level2.newKey".' },
      {
        displayName: 'Options',
        name: 'options',
        type: 'collection',
        placeholder: 'Add Option',
        default: {},
        options: [
          { displayName: 'Data Is Base64', name: 'dataIsBase64', type: 'boolean', displayOptions: { hide: { useRawData: [true] }, show: { '/mode': ['jsonToBinary'], '/convertAllData': [false] } }, default: false, description: 'Whether to keep the binary data as base64 string' },
          { displayName: 'Encoding', name: 'encoding', type: 'options', options: encodeDecodeOptions, displayOptions: { show: { '/mode': ['binaryToJson', 'jsonToBinary'] } }, default: 'utf8', description: 'Set the encoding of the data stream' },
          { displayName: 'Strip BOM', name: 'stripBOM', displayOptions: { show: { '/mode': ['binaryToJson'], encoding: bomAwareEncodings } }, type: 'boolean', default: true },
          { displayName: 'Add BOM', name: 'addBOM', displayOptions: { show: { '/mode': ['jsonToBinary'], encoding: bomAwareEncodings } }, type: 'boolean', default: false },
          { displayName: 'File Name', name: 'fileName', type: 'string', displayOptions: { show: { '/mode': ['jsonToBinary'] } }, default: '', placeholder: 'example.json', description: 'The file name to set' },
          { displayName: 'JSON Parse', name: 'jsonParse', type: 'boolean', displayOptions: { hide: { keepAsBase64: [true] }, show: { '/mode': ['binaryToJson'], '/setAllData': [false] } }, default: false, description: 'Whether to run JSON parse on the data to get proper object data' },
          { displayName: 'Keep Source', name: 'keepSource', type: 'boolean', default: false, description: 'Whether the source key should be kept. By default it will be deleted.' },
          { displayName: 'Keep As Base64', name: 'keepAsBase64', type: 'boolean', displayOptions: { hide: { jsonParse: [true] }, show: { '/mode': ['binaryToJson'], '/setAllData': [false] } }, default: false, description: 'Whether to keep the binary data as base64 string' },
          { displayName: 'MIME Type', name: 'mimeType', type: 'string', displayOptions: { show: { '/mode': ['jsonToBinary'] } }, default: 'application/json', placeholder: 'application/json', description: 'The mime-type to set. By default will the mime-type for JSON be set.' },
          { displayName: 'Use Raw Data', name: 'useRawData', type: 'boolean', displayOptions: { hide: { dataIsBase64: [true] }, show: { '/mode': ['jsonToBinary'] } }, default: false, description: 'Whether to use data as is and do not JSON.stringify it' },
        ],
      },
    ],
  },
  async execute(ctx) {
    const items = ctx.getInputData();
    const mode = String(ctx.getNodeParameter('mode', 0, 'binaryToJson'));
    const version = ctx.getNode().typeVersion;
    const out: INodeExecutionData[] = [];
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      if (sliceDue()) await yieldToLoop();
      const item = items[itemIndex];
      const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
      const newItem: INodeExecutionData = { json: {}, pairedItem: { item: itemIndex } };
      if (mode === 'binaryToJson') {
        const setAllData = ctx.getNodeParameter('setAllData', itemIndex, true) as boolean;
        const sourceKey = String(ctx.getNodeParameter('sourceKey', itemIndex, 'data'));
        // n8n passes over an item without the binary property.
        if (getPath(item.binary, sourceKey) === undefined) continue;
        const encoding = (options.encoding as string) || 'utf8';
        const buffer = await ctx.helpers.getBinaryDataBuffer(itemIndex, sourceKey);
        if (setAllData) {
          const parsed = await parseJson(ctx, decodeText(ctx, buffer, encoding, options.stripBOM as boolean | undefined, itemIndex), itemIndex);
          if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
            throw new NodeOperationError(ctx.getNode(), 'The binary data is JSON but not an object, so it cannot become the whole item', { itemIndex, description: "Turn off 'Set All Data' to write it into one field" });
          }
          newItem.json = parsed as IDataObject;
        } else {
          newItem.json = (await deepCopyLarge(item.json)) as IDataObject;
          let value: unknown = options.keepAsBase64 !== true ? decodeText(ctx, buffer, encoding, options.stripBOM as boolean | undefined, itemIndex) : Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength).toString('base64');
          if (options.jsonParse) value = await parseJson(ctx, value as string, itemIndex);
          setPath(newItem.json, String(ctx.getNodeParameter('destinationKey', itemIndex, '')), value);
        }
        if (options.keepSource === true) {
          newItem.binary = item.binary;
        } else {
          const binary = deepCopy(item.binary ?? {}) as IDataObject;
          unsetPath(binary, sourceKey);
          newItem.binary = binary as INodeExecutionData['binary'];
        }
      } else if (mode === 'jsonToBinary') {
        const convertAllData = ctx.getNodeParameter('convertAllData', itemIndex, true) as boolean;
        const destinationKey = String(ctx.getNodeParameter('destinationKey', itemIndex, 'data'));
        const encoding = (options.encoding as string) || 'utf8';
        let value: unknown = item.json;
        if (!convertAllData) value = getPath(item.json, String(ctx.getNodeParameter('sourceKey', itemIndex, 'data')));
        if (value === undefined) continue;
        newItem.binary = (item.binary !== undefined ? deepCopy(item.binary) : {}) as INodeExecutionData['binary'];
        let mimeType = options.mimeType as string | undefined;
        let data: Uint8Array;
        if (options.dataIsBase64 !== true) {
          if (options.useRawData !== true || typeof value === 'object') {
            value = JSON.stringify(value);
            if (!mimeType) mimeType = 'application/json';
          }
          data = encodeText(ctx, String(value), encoding, options.addBOM as boolean | undefined, itemIndex);
        } else {
          data = Buffer.from(String(value), 'base64');
        }
        if (!mimeType && version === 1) mimeType = 'application/json';
        const converted = await prepareBinary(ctx, data, (options.fileName as string) || undefined, mimeType || undefined);
        if (!converted.fileName && version > 1) converted.fileName = `file${converted.fileExtension ? `.${converted.fileExtension}` : ''}`;
        setPath(newItem.binary as unknown as IDataObject, destinationKey, converted);
        if (options.keepSource === true) {
          newItem.json = item.json;
        } else if (convertAllData) {
          newItem.json = {};
        } else {
          newItem.json = (await deepCopyLarge(item.json)) as IDataObject;
          unsetPath(newItem.json, String(ctx.getNodeParameter('sourceKey', itemIndex, 'data')));
        }
      } else {
        throw new NodeOperationError(ctx.getNode(), `The operation "${mode}" is not known!`, { itemIndex });
      }
      out.push(newItem);
    }
    return [out];
  },
};
