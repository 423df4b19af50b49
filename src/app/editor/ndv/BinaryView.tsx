// Binary data of the items (spec 001 §2.7): one card per file with its name, type and size, a
// View that previews it in the panel (image, PDF, video, audio, text and JSON) and a Download
// that is a plain GET of /rest/data/{id}?action=download saved under its file name (data kept
// inside the item is downloaded from memory). A preview that cannot be loaded says 'Error
// loading binary data'.
import { useEffect, useState } from 'react';
import type { IBinaryData, INodeExecutionData } from '../../../model/execution.ts';
import { restBase } from '../../basePath.ts';

export const BINARY_ERROR = 'Error loading binary data';
/** Text and JSON previews show at most this much (the download has all of it). */
const TEXT_PREVIEW_BYTES = 512 * 1024;

export type PreviewKind = 'image' | 'pdf' | 'video' | 'audio' | 'json' | 'text' | 'none';

export function previewKind(mimeType: string | undefined): PreviewKind {
  const m = (mimeType ?? '').toLowerCase().split(';')[0]!.trim();
  if (m.startsWith('image/')) return 'image';
  if (m === 'application/pdf') return 'pdf';
  if (m.startsWith('video/')) return 'video';
  if (m.startsWith('audio/')) return 'audio';
  if (m === 'application/json' || m.endsWith('+json')) return 'json';
  if (m.startsWith('text/') || m === 'application/xml' || m.endsWith('+xml') || m === 'application/javascript') return 'text';
  return 'none';
}

/** The server URL of stored data: view (inline, with its type) or download (attachment). */
export function binaryUrl(id: string, action: 'view' | 'download'): string {
  return `${restBase}/data/${encodeURIComponent(id)}?action=${action}`;
}

function fromBase64(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** A Blob of the data: from the item itself, or fetched from the server. */
async function loadBlob(b: IBinaryData, signal: AbortSignal): Promise<Blob> {
  if (b.data) return new Blob([fromBase64(b.data)], { type: b.mimeType });
  if (!b.id) throw new Error('no data');
  const res = await fetch(binaryUrl(b.id, 'view'), { credentials: 'same-origin', signal });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return await res.blob();
}

type Entry = { item: number; key: string; data: IBinaryData };

/** An item of the run with its index there (the binary view pages through the items with files only). */
export type BinaryRow = { index: number; item: INodeExecutionData };

/** The items that carry at least one file, with their indices. */
export function binaryRows(items: INodeExecutionData[]): BinaryRow[] {
  const rows: BinaryRow[] = [];
  items.forEach((item, index) => {
    if (item.binary && Object.keys(item.binary).length) rows.push({ index, item });
  });
  return rows;
}

export function BinaryView({ rows }: { rows: BinaryRow[] }) {
  const [open, setOpen] = useState<Entry | undefined>();
  // A different page or run closes the preview.
  useEffect(() => setOpen(undefined), [rows]);
  if (open) return <BinaryPreview entry={open} onBack={() => setOpen(undefined)} />;
  const entries: Entry[] = rows.flatMap(({ index, item }) => Object.entries(item.binary ?? {}).map(([key, data]) => ({ item: index, key, data })));
  return (
    <div className="binary-list" data-testid="binary-list">
      {entries.map((e) => (
        <div key={`${e.item}:${e.key}`} className="binary-card" data-testid="binary-card">
          <div className="binary-card-head">
            <span className="binary-item">Item {e.item + 1}</span>
            <strong className="binary-key">{e.key}</strong>
          </div>
          <dl className="binary-meta">
            <dt>File name</dt>
            <dd>{e.data.fileName ?? 'unnamed'}</dd>
            <dt>Mime type</dt>
            <dd>{e.data.mimeType}</dd>
            {e.data.fileSize && (
              <>
                <dt>File size</dt>
                <dd>{e.data.fileSize}</dd>
              </>
            )}
          </dl>
          <div className="binary-actions">
            {previewKind(e.data.mimeType) !== 'none' && (
              <button type="button" className="btn btn-secondary btn-s" onClick={() => setOpen(e)} data-testid="binary-view">
                View
              </button>
            )}
            <DownloadLink data={e.data} />
          </div>
        </div>
      ))}
    </div>
  );
}

function DownloadLink({ data }: { data: IBinaryData }) {
  const [href, setHref] = useState<string | undefined>(data.id ? binaryUrl(data.id, 'download') : undefined);
  useEffect(() => {
    if (data.id || !data.data) return;
    const url = URL.createObjectURL(new Blob([fromBase64(data.data)], { type: data.mimeType }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [data]);
  if (!href) return null;
  return (
    <a className="btn btn-ghost btn-s" href={href} download={data.fileName ?? 'data'} data-testid="binary-download">
      Download
    </a>
  );
}

function BinaryPreview({ entry, onBack }: { entry: Entry; onBack: () => void }) {
  const { data } = entry;
  const kind = previewKind(data.mimeType);
  const [state, setState] = useState<{ url?: string; text?: string; truncated?: boolean; error?: string }>({});
  useEffect(() => {
    const ac = new AbortController();
    let url: string | undefined;
    loadBlob(data, ac.signal)
      .then(async (blob) => {
        if (kind === 'text' || kind === 'json') {
          const truncated = blob.size > TEXT_PREVIEW_BYTES;
          let text = await blob.slice(0, TEXT_PREVIEW_BYTES).text();
          if (kind === 'json' && !truncated) {
            try {
              text = JSON.stringify(JSON.parse(text), null, 2);
            } catch {
              // Not valid JSON: shown as it is.
            }
          }
          setState({ text, truncated });
        } else {
          url = URL.createObjectURL(blob);
          setState({ url });
        }
      })
      .catch((e) => !ac.signal.aborted && setState({ error: String((e as Error)?.message ?? e) }));
    return () => {
      ac.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [data, kind]);
  const failed = () => setState((s) => ({ ...s, error: 'the file could not be shown' }));
  return (
    <div className="binary-preview" data-testid="binary-preview">
      <div className="binary-preview-head">
        <button type="button" className="btn btn-ghost btn-s" onClick={onBack} data-testid="binary-back">
          ‹ Back
        </button>
        <span className="binary-preview-name">{data.fileName ?? entry.key}</span>
        <DownloadLink data={data} />
      </div>
      <div className="binary-preview-body">
        {state.error ? (
          <div className="run-empty binary-error" role="alert" data-testid="binary-error">
            <div className="run-empty-title">{BINARY_ERROR}</div>
            <div className="hint">{state.error}</div>
          </div>
        ) : state.text !== undefined ? (
          <>
            {state.truncated && <div className="hint run-hint">The first {TEXT_PREVIEW_BYTES / 1024} KB are shown; download the file for all of it.</div>}
            <pre className="binary-text mono" data-testid="binary-text">
              {state.text}
            </pre>
          </>
        ) : !state.url ? (
          <div className="run-empty">Loading…</div>
        ) : kind === 'image' ? (
          <img src={state.url} alt={data.fileName ?? entry.key} onError={failed} data-testid="binary-image" />
        ) : kind === 'video' ? (
          <video src={state.url} controls onError={failed} data-testid="binary-video" />
        ) : kind === 'audio' ? (
          <audio src={state.url} controls onError={failed} data-testid="binary-audio" />
        ) : (
          <iframe src={state.url} title={data.fileName ?? entry.key} data-testid="binary-pdf" />
        )}
      </div>
    </div>
  );
}
