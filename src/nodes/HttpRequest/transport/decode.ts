// Reading response bodies: text in the charset the server names, which content types are
// files, and the file name a download gets.

/** Content types n8n's autodetect treats as files. */
export const BINARY_CONTENT_TYPES = [
  'image/',
  'audio/',
  'video/',
  'application/octet-stream',
  'application/gzip',
  'application/zip',
  'application/vnd.rar',
  'application/epub+zip',
  'application/x-bzip',
  'application/x-bzip2',
  'application/x-cdf',
  'application/vnd.amazon.ebook',
  'application/msword',
  'application/vnd.ms-fontobject',
  'application/vnd.oasis.opendocument.presentation',
  'application/pdf',
];

export function isBinaryContentType(contentType: string): boolean {
  return BINARY_CONTENT_TYPES.some((t) => contentType.includes(t));
}

export function decodeText(bytes: Uint8Array, contentType: string | undefined): string {
  const charset = /charset=["']?([^;"'\s]+)/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    // Unknown charset label: UTF-8 is the best guess.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** request's json: true: parse when it is JSON, keep the text otherwise. */
export function parseIfJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function mimeTypeOf(contentType: string | undefined): string | undefined {
  const mime = contentType?.split(';')[0].trim();
  return mime || undefined;
}

/** Content-Disposition's filename, else the URL's last path segment. */
export function fileNameFor(url: string, contentDisposition: string | undefined): string | undefined {
  if (contentDisposition) {
    const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(contentDisposition);
    if (star) {
      try {
        return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
      } catch {
        // fall through to the plain filename
      }
    }
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(contentDisposition);
    if (plain) return (plain[2] ?? plain[1]).trim();
  }
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // keep the raw text
  }
  return path.split('/').pop() || undefined;
}
