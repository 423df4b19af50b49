// Edit Image: n8n-nodes-base.editImage 1. n8n drives GraphicsMagick; native binaries are not
// available here, so images are decoded, edited and encoded by jimp (pure JavaScript) in a worker
// thread (worker.ts), never on the server's thread: blur, border, composite, create, crop, draw,
// information, multiStep, resize, rotate, shear, text and transparent, with n8n's parameters.
// What GraphicsMagick can do and this cannot is refused by name (the Bumpmap and CMYK-channel
// composite operators); text asked in a system font is drawn in the built-in font, with a hint. Sizes are bounded: an image (read, created or produced)
// of more than EDIT_IMAGE_LIMITS.maxPixels is refused from its header, before it is decoded.
import { Worker } from 'node:worker_threads';
import type { IBinaryData, INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { NodeOperationError, type NodeType } from '../types.ts';
import { editImageDescription, OPERATION_PARAMETERS } from './description.ts';
import type { ImageLimits, OperationData, RunRequest, RunResult } from './operations.ts';

export const EDIT_IMAGE_LIMITS: ImageLimits & { maxInputBytes: number; timeoutMs: number } = {
  /** 40 megapixels (160 MB of RGBA). */
  maxPixels: 40_000_000,
  maxSide: 30_000,
  /** Largest image file read. */
  maxInputBytes: 50 * 1024 * 1024,
  /** One item's edits. */
  timeoutMs: 120_000,
};

class ImageWorker {
  #worker: Worker;
  #ready: Promise<void>;
  #next = 1;
  #pending = new Map<number, { resolve: (r: RunResult) => void; reject: (e: Error) => void }>();
  #failure: Error | undefined;

  get gone(): boolean {
    return this.#failure !== undefined;
  }

  constructor() {
    this.#worker = new Worker(new URL('./worker.ts', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: 512 }, stdout: false, stderr: false });
    this.#worker.unref();
    this.#ready = new Promise((resolve, reject) => {
      this.#worker.once('message', () => resolve());
      this.#worker.once('error', reject);
    });
    this.#ready.catch(() => {});
    this.#worker.on('message', (m: { id?: number; result?: RunResult; error?: string }) => {
      if (m.id === undefined) return;
      const p = this.#pending.get(m.id);
      this.#pending.delete(m.id);
      if (!p) return;
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.result!);
    });
    const fail = (e: Error) => {
      this.#failure ??= e;
      for (const p of this.#pending.values()) p.reject(this.#failure);
      this.#pending.clear();
    };
    this.#worker.on('error', (e) => fail(new Error(`The image worker failed: ${e.message}`)));
    this.#worker.on('exit', (code) => fail(new Error(`The image worker stopped (exit ${code}): the image may need more memory than allowed`)));
  }

  async run(request: RunRequest, signal: AbortSignal): Promise<RunResult> {
    await this.#ready;
    if (this.#failure) throw this.#failure;
    const id = this.#next++;
    return new Promise<RunResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`Editing the image took longer than ${EDIT_IMAGE_LIMITS.timeoutMs / 1000} s and was stopped`));
        void this.#worker.terminate();
      }, EDIT_IMAGE_LIMITS.timeoutMs);
      const onAbort = () => {
        reject(new Error('The execution was stopped'));
        void this.#worker.terminate();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      this.#pending.set(id, {
        resolve: (r) => {
          done();
          resolve(r);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      });
      this.#worker.postMessage({ id, request });
    });
  }

  close(): void {
    void this.#worker.terminate();
  }
}

/**
 * One worker for the process, started on first use (loading jimp costs about a second) and
 * replaced when it is stopped (time limit, cancelled run) or dies. Requests queue in it.
 */
let shared: ImageWorker | undefined;
function imageWorker(): ImageWorker {
  if (!shared || shared.gone) shared = new ImageWorker();
  return shared;
}

export const editImage: NodeType = {
  kind: 'regular',
  description: editImageDescription,
  async execute(ctx) {
    const items = ctx.getInputData();
    const out: INodeExecutionData[] = [];
    const hinted = new Set<string>();
    {
      for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
        const item = items[itemIndex];
        try {
          const operation = ctx.getNodeParameter('operation', itemIndex, 'border') as string;
          const dataPropertyName = ctx.getNodeParameter('dataPropertyName', itemIndex, 'data') as string;
          const options = { ...(ctx.getNodeParameter('options', itemIndex, {}) as IDataObject) };
          let operations: OperationData[];
          if (operation === 'multiStep') {
            const data = ctx.getNodeParameter('operations', itemIndex, { operations: [] }) as { operations?: OperationData[] };
            operations = data.operations ?? [];
            if (!operations.length) throw new NodeOperationError(ctx.getNode(), 'Multi Step has no operations: add at least one', { itemIndex });
          } else {
            const names = OPERATION_PARAMETERS[operation];
            if (!names) throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not known`, { itemIndex });
            const op: OperationData = { operation };
            for (const name of names) {
              try {
                op[name] = ctx.getNodeParameter(name, itemIndex);
              } catch {
                // not set: the operation's default applies
              }
            }
            operations = [op];
          }
          const bytesOf = async (name: string): Promise<Uint8Array> => {
            const binary = item.binary?.[name];
            if (!binary) throw new NodeOperationError(ctx.getNode(), item.binary ? `Item does not contain any binary data with the name "${name}".` : 'Item does not contain any binary data.', { itemIndex });
            const bytes = await ctx.helpers.getBinaryDataBuffer(itemIndex, name);
            if (bytes.byteLength > EDIT_IMAGE_LIMITS.maxInputBytes) throw new NodeOperationError(ctx.getNode(), `The image "${name}" is ${bytes.byteLength} bytes, more than the limit of ${EDIT_IMAGE_LIMITS.maxInputBytes}`, { itemIndex });
            return bytes;
          };
          // "create" first makes a new image: no input needed.
          const input = operations[0]?.operation !== 'create' ? await bytesOf(dataPropertyName) : undefined;
          const extra: Record<string, Uint8Array> = {};
          for (const op of operations) {
            if (op.operation === 'composite') {
              const name = String(op.dataPropertyNameComposite ?? '');
              if (!name) throw new NodeOperationError(ctx.getNode(), 'The parameter "Composite Image Property" has to be set', { itemIndex });
              extra[name] ??= await bytesOf(name);
            }
          }
          let result: RunResult;
          try {
            result = await imageWorker().run(
              { input, extra, operations, font: options.font, limits: EDIT_IMAGE_LIMITS, format: options.format as string | undefined, quality: options.quality as number | undefined, information: operation === 'information' },
              ctx.signal,
            );
          } catch (e) {
            throw new NodeOperationError(ctx.getNode(), (e as Error).message, { itemIndex });
          }
          for (const warning of result.warnings ?? []) {
            if (!hinted.has(warning)) ctx.addHint(warning);
            hinted.add(warning);
          }
          const newItem: INodeExecutionData = { json: item.json, binary: { ...(item.binary ?? {}) }, pairedItem: { item: itemIndex } };
          if (operation === 'information') {
            newItem.json = result.info as IDataObject;
            out.push(newItem);
            continue;
          }
          const previous: Partial<IBinaryData> = { ...(newItem.binary![dataPropertyName] ?? {}) };
          let fileName = previous.fileName;
          if (options.format !== undefined && fileName?.includes('.')) fileName = `${fileName.split('.').slice(0, -1).join('.')}.${String(options.format)}`;
          if (typeof options.fileName === 'string' && options.fileName !== '') fileName = options.fileName;
          const prepared = await ctx.helpers.prepareBinaryData(result.bytes!, fileName, result.mimeType);
          const { data: _d, id: _i, ...kept } = previous as IBinaryData;
          newItem.binary![dataPropertyName] = { ...kept, ...prepared, mimeType: result.mimeType!, ...(options.format !== undefined ? { fileExtension: String(options.format) } : {}) };
          if (fileName) newItem.binary![dataPropertyName].fileName = fileName;
          out.push(newItem);
        } catch (error) {
          if (ctx.continueOnFail()) {
            out.push({ json: { error: (error as Error).message }, pairedItem: { item: itemIndex } });
            continue;
          }
          throw error;
        }
      }
    }
    return [out];
  },
};
