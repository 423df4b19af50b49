// Compression: n8n-nodes-base.compression v1 and 1.1. Compress binary properties into one zip
// archive or into gzip files, decompress zip and gzip files into binary properties. fflate does
// the work in small steps (shared/files/archive.ts): what an archive inflates to is counted and
// refused past SWITCHYARD_MAX_DECOMPRESSED_MB (256 MB by default) as a possible zip bomb, and
// the event loop is given back between steps. 1.1 reads the field names, output field and file
// name per item, has a gzip File Name and names gzip files "<name>.<ext>.gz".
import { extension, lookup } from 'mime-types';
import type { IBinaryData, INodeExecutionData } from '../../model/execution.ts';
import { NodeOperationError, type ExecuteFunctions, type NodeType } from '../types.ts';
import { assertBinaryData, prepareBinary } from '../shared/files/binaryHelpers.ts';
import { gunzipBounded, gzipData, unzipBounded, zipFiles, type ZipInput } from '../shared/files/archive.ts';
import { fileLimits } from '../shared/files/limits.ts';

const ALREADY_COMPRESSED = ['7z', 'aifc', 'bz2', 'doc', 'docx', 'gif', 'gz', 'heic', 'heif', 'jpg', 'jpeg', 'mov', 'mp3', 'mp4', 'pdf', 'png', 'ppt', 'pptx', 'rar', 'webm', 'webp', 'xls', 'xlsx', 'zip'];

function names(value: unknown): string[] {
  return String(value)
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

function isZip(binary: IBinaryData, data: Uint8Array): boolean {
  return binary.fileExtension?.toLowerCase() === 'zip' || (data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04);
}

function isGzip(binary: IBinaryData, data: Uint8Array): boolean {
  return ['gz', 'gzip'].includes(binary.fileExtension?.toLowerCase() ?? '') || (data[0] === 0x1f && data[1] === 0x8b);
}

async function decompress(ctx: ExecuteFunctions, itemIndex: number, item: INodeExecutionData): Promise<INodeExecutionData> {
  const binaryPropertyNames = names(ctx.getNodeParameter('binaryPropertyName', 0));
  const outputPrefix = String(ctx.getNodeParameter('outputPrefix', 0, 'file_'));
  const binaryObject: Record<string, IBinaryData> = {};
  let zipIndex = 0;
  // The limit holds for everything one item's archives expand to together.
  let budget = fileLimits.maxDecompressedBytes;
  for (const [index, binaryPropertyName] of binaryPropertyNames.entries()) {
    const binaryData = assertBinaryData(ctx, itemIndex, binaryPropertyName);
    const buffer = await ctx.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
    if (isZip(binaryData, buffer)) {
      const files = await unzipBounded(buffer, { maxBytes: budget, signal: ctx.signal });
      for (const file of files) {
        budget -= file.data.byteLength;
        // macOS archives repeat their files under __MACOSX.
        if (file.name.includes('__MACOSX')) continue;
        binaryObject[`${outputPrefix}${zipIndex++}`] = await prepareBinary(ctx, file.data, file.name);
      }
    } else if (isGzip(binaryData, buffer)) {
      const file = await gunzipBounded(buffer, { maxBytes: budget, signal: ctx.signal });
      budget -= file.byteLength;
      const fileName = binaryData.fileName?.split('.')[0];
      let fileExtension: string | undefined;
      let mimeType: string | undefined;
      if (binaryData.fileName?.endsWith('.gz')) {
        const parts = binaryData.fileName.replace('.gz', '').split('.');
        if (parts.length > 1) {
          fileExtension = parts[parts.length - 1];
          mimeType = lookup(fileExtension) || undefined;
        }
      }
      const propertyName = `${outputPrefix}${index}`;
      const binary = await prepareBinary(ctx, file, fileName, mimeType);
      if (!fileExtension) {
        mimeType = binary.mimeType;
        fileExtension = extension(mimeType) || undefined;
      }
      binary.fileName = `${fileName}.${fileExtension}`;
      if (fileExtension) binary.fileExtension = fileExtension;
      else delete binary.fileExtension;
      binary.mimeType = mimeType ?? binary.mimeType;
      binaryObject[propertyName] = binary;
    } else {
      throw new NodeOperationError(ctx.getNode(), `The file in "${binaryPropertyName}" is neither a zip nor a gzip file`, { itemIndex, description: 'Only .zip and .gz/.gzip files can be decompressed' });
    }
  }
  return { json: item.json, binary: binaryObject, pairedItem: { item: itemIndex } };
}

async function compress(ctx: ExecuteFunctions, itemIndex: number, item: INodeExecutionData): Promise<INodeExecutionData> {
  const version = ctx.getNode().typeVersion;
  const perItem = version > 1 ? itemIndex : 0;
  const binaryPropertyNames = names(ctx.getNodeParameter('binaryPropertyName', perItem));
  const outputFormat = String(ctx.getNodeParameter('outputFormat', 0, version > 1 ? 'zip' : ''));
  if (outputFormat !== 'zip' && outputFormat !== 'gzip') throw new NodeOperationError(ctx.getNode(), 'Choose an output format: Zip or Gzip', { itemIndex });
  const zipData: ZipInput[] = [];
  const binaryObject: Record<string, IBinaryData> = {};
  const seen = new Set<string>();
  for (const [index, binaryPropertyName] of binaryPropertyNames.entries()) {
    const binaryData = assertBinaryData(ctx, itemIndex, binaryPropertyName);
    const buffer = await ctx.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
    if (outputFormat === 'zip') {
      let name = binaryData.fileName || binaryPropertyName;
      // fflate refuses a name twice; n8n's object of entries kept only the last. Both files are kept here.
      for (let n = 1; seen.has(name); n++) name = `${n}_${binaryData.fileName || binaryPropertyName}`;
      seen.add(name);
      zipData.push({ name, data: buffer, level: ALREADY_COMPRESSED.includes(binaryData.fileExtension ?? '') ? 0 : 6 });
    } else {
      let binaryProperty: string;
      let filePath: string;
      if (version > 1) {
        const outputPrefix = String(ctx.getNodeParameter('binaryPropertyOutput', itemIndex, 'data'));
        binaryProperty = `${outputPrefix}${index ? index : ''}`;
        let fileName = String(ctx.getNodeParameter('fileName', itemIndex, ''));
        fileName = fileName ? fileName.replace('.gz', '').replace('.gzip', '') : (binaryData.fileName?.split('.')[0] ?? 'file');
        const fileExtension = binaryData.fileExtension ? `.${binaryData.fileExtension.toLowerCase()}` : '';
        filePath = `${fileName}${fileExtension}.gz`;
      } else {
        const outputPrefix = String(ctx.getNodeParameter('outputPrefix', 0, 'data'));
        binaryProperty = `${outputPrefix}${index}`;
        filePath = `${binaryData.fileName?.split('.')[0] ?? 'file'}.gzip`;
      }
      const data = await gzipData(buffer, { fileName: binaryData.fileName });
      binaryObject[binaryProperty] = await prepareBinary(ctx, data, filePath, 'application/gzip');
    }
  }
  if (outputFormat === 'zip') {
    const fileName = String(ctx.getNodeParameter('fileName', perItem, ''));
    const binaryPropertyOutput = String(ctx.getNodeParameter('binaryPropertyOutput', perItem, 'data'));
    const data = await zipFiles(zipData);
    return { json: item.json, binary: { [binaryPropertyOutput]: await prepareBinary(ctx, data, fileName || 'data.zip', 'application/zip') }, pairedItem: { item: itemIndex } };
  }
  return { json: item.json, binary: binaryObject, pairedItem: { item: itemIndex } };
}

export const compression: NodeType = {
  kind: 'regular',
  description: {
    displayName: 'Compression',
    name: 'n8n-nodes-base.compression',
    icon: 'fa:file-archive',
    iconColor: 'green',
    group: ['transform'],
    subtitle: '={{$parameter["operation"]}}',
    version: [1, 1.1],
    description: 'Compress and decompress files',
    defaults: { name: 'Compression', color: '#408000' },
    inputs: ['main'],
    outputs: ['main'],
    codex: { categories: ['Core Nodes'], subcategories: { 'Core Nodes': ['Files'] }, alias: ['Zip', 'Gzip', 'uncompress', 'compress', 'decompress', 'archive', 'unarchive', 'Binary', 'Files', 'File'] },
    properties: [
      {
        displayName: 'Operation',
        name: 'operation',
        type: 'options',
        noDataExpression: true,
        options: [
          { name: 'Compress', value: 'compress', action: 'Compress file(s)', description: 'Compress files into a zip or gzip archive' },
          { name: 'Decompress', value: 'decompress', action: 'Decompress file(s)', description: 'Decompress zip or gzip archives' },
        ],
        default: 'decompress',
      },
      {
        displayName: 'Input Binary Field(s)',
        name: 'binaryPropertyName',
        type: 'string',
        default: 'data',
        required: true,
        displayOptions: { show: { operation: ['compress'] } },
        placeholder: 'e.g. data,data2,data3',
        hint: 'The name of the input binary field(s) containing the file(s) to be compressed',
        description: 'To process more than one file, use a comma-separated list of the binary fields names',
      },
      {
        displayName: 'Input Binary Field(s)',
        name: 'binaryPropertyName',
        type: 'string',
        default: 'data',
        required: true,
        displayOptions: { show: { operation: ['decompress'] } },
        placeholder: 'e.g. data',
        hint: 'The name of the input binary field(s) containing the file(s) to decompress',
        description: 'To process more than one file, use a comma-separated list of the binary fields names',
      },
      { displayName: 'Output Format', name: 'outputFormat', type: 'options', default: '', options: [{ name: 'Gzip', value: 'gzip' }, { name: 'Zip', value: 'zip' }], displayOptions: { show: { operation: ['compress'], '@version': [1] } }, description: 'Format of the output' },
      { displayName: 'Output Format', name: 'outputFormat', type: 'options', default: 'zip', options: [{ name: 'Gzip', value: 'gzip' }, { name: 'Zip', value: 'zip' }], displayOptions: { show: { operation: ['compress'] }, hide: { '@version': [1] } }, description: 'Format of the output' },
      { displayName: 'File Name', name: 'fileName', type: 'string', default: '', placeholder: 'e.g. data.zip', required: true, displayOptions: { show: { operation: ['compress'], outputFormat: ['zip'] } }, description: 'Name of the output file' },
      { displayName: 'Put Output File in Field', name: 'binaryPropertyOutput', type: 'string', default: 'data', displayOptions: { show: { outputFormat: ['zip'], operation: ['compress'] } }, hint: 'The name of the output binary field to put the file in' },
      { displayName: 'File Name', name: 'fileName', type: 'string', default: '', placeholder: 'e.g. data.txt', displayOptions: { show: { operation: ['compress'], outputFormat: ['gzip'] }, hide: { '@version': [1] } }, description: 'Name of the output file' },
      { displayName: 'Put Output File in Field', name: 'binaryPropertyOutput', type: 'string', default: 'data', displayOptions: { show: { outputFormat: ['gzip'], operation: ['compress'] }, hide: { '@version': [1] } }, hint: 'The name of the output binary field to put the file in' },
      { displayName: 'Output File Prefix', name: 'outputPrefix', type: 'string', default: 'data', required: true, displayOptions: { show: { operation: ['compress'], outputFormat: ['gzip'], '@version': [1] } }, description: 'Prefix to add to the gzip file' },
      { displayName: 'Output Prefix', name: 'outputPrefix', type: 'string', default: 'file_', required: true, displayOptions: { show: { operation: ['decompress'] } }, description: 'Prefix to add to the decompressed files' },
    ],
  },
  async execute(ctx) {
    const items = ctx.getInputData();
    const operation = String(ctx.getNodeParameter('operation', 0, 'decompress'));
    const out: INodeExecutionData[] = [];
    for (let i = 0; i < items.length; i++) {
      try {
        if (operation === 'decompress') out.push(await decompress(ctx, i, items[i]));
        else if (operation === 'compress') out.push(await compress(ctx, i, items[i]));
        else throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not supported!`, { itemIndex: i });
      } catch (error) {
        if (ctx.continueOnFail()) {
          out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
          continue;
        }
        if (error instanceof NodeOperationError) throw error;
        throw new NodeOperationError(ctx.getNode(), (error as Error).message, { itemIndex: i });
      }
    }
    return [out];
  },
};
