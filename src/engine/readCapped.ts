// Reading a fetch answer's body with a cap: a server that declares or sends more than the caller
// will hold is cut off there (the rest is not read), with the caller's own error.
/** The body as UTF-8 text (without a BOM), at most maxBytes; more throws tooLarge(declared length, if it was declared). */
export async function readCapped(response: Response, maxBytes: number, tooLarge: (declared?: number) => Error): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(declared);
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  // TextDecoder drops a leading byte-order mark, as a file saved by an editor may carry.
  return new TextDecoder().decode(Buffer.concat(chunks));
}
