// Reading a fetch answer's body with a cap: a server that declares or sends more than the caller
// will hold is cut off there (the rest is not read), with the caller's own error.

/** The body's bytes, at most maxBytes; more throws tooLarge(declared length, if it was declared). */
export async function readCappedBytes(response: Response, maxBytes: number, tooLarge: (declared?: number) => Error): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(declared);
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
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
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** The body as UTF-8 text (a leading byte-order mark dropped, as TextDecoder does), at most maxBytes. */
export async function readCapped(response: Response, maxBytes: number, tooLarge: (declared?: number) => Error): Promise<string> {
  return new TextDecoder().decode(await readCappedBytes(response, maxBytes, tooLarge));
}
