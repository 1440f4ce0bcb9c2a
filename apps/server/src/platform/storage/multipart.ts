/** One part of a multipart/form-data body. */
export interface FormPart {
  name: string;
  filename: string | null;
  data: Buffer;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data content type, or null when it has none. */
export function boundaryOf(contentType: string | undefined): string | null {
  const match = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * Splits a multipart/form-data body (RFC 7578) into its parts. The upload target takes a handful
 * of text fields and one file, so the body is read whole (its size is capped before) rather than
 * streamed. Answers null when the body is not well formed.
 */
export function parseMultipart(body: Buffer, boundary: string): FormPart[] | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let position = body.indexOf(delimiter);
  if (position < 0) return null;
  for (;;) {
    position += delimiter.length;
    // `--` after a delimiter closes the body.
    if (body[position] === 0x2d && body[position + 1] === 0x2d) return parts;
    if (!body.subarray(position, position + 2).equals(CRLF)) return null;
    const headerStart = position + 2;
    const headerEnd = body.indexOf(HEADER_END, headerStart);
    if (headerEnd < 0) return null;
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), headerEnd + 4);
    if (next < 0) return null;
    const headers = body.subarray(headerStart, headerEnd).toString('utf8');
    const disposition = /^content-disposition:\s*form-data;(.*)$/im.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
    parts.push({ name, filename, data: body.subarray(headerEnd + 4, next) });
    position = next + 2;
  }
}
