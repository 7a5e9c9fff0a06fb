/** One part of a multipart/form-data body. */
export interface MultipartPart {
  name: string | undefined;
  filename: string | undefined;
  contentType: string | undefined;
  data: Buffer;
}

/**
 * The parts of a multipart/form-data body (binary safe: file bytes stay as sent), for the fake
 * providers. Header names and a quoted or bare `filename` are read as clients write them (grammY
 * writes `content-disposition:form-data;name="x";filename=voice.ogg`).
 */
export function multipartParts(body: Buffer, contentType: string): MultipartPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]!.trim()}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2); // past the CRLF after the delimiter, before the one ending the part
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd >= 0) {
      const headers = part.toString('latin1', 0, headerEnd);
      parts.push({
        name: /;\s*name="([^"]*)"/i.exec(headers)?.[1],
        filename: /filename=(?:"([^"]*)"|([^;\r\n]+))/i.exec(headers)?.slice(1).find((v) => v !== undefined),
        contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1],
        data: part.subarray(headerEnd + 4),
      });
    }
    start = next;
  }
  return parts;
}

/** A multipart body's plain fields as parameters, each file field resolved as grammY's `attach://<part>` names it. */
export function multipartParams(body: Buffer, contentType: string): { params: Record<string, unknown>; files: Record<string, MultipartPart> } {
  const parts = multipartParts(body, contentType);
  const byName = new Map(parts.map((p) => [p.name, p]));
  const params: Record<string, unknown> = {};
  const files: Record<string, MultipartPart> = {};
  for (const part of parts) {
    if (part.filename !== undefined) continue;
    const value = part.data.toString('utf8');
    const attached = /^attach:\/\/(.+)$/.exec(value);
    const file = attached ? byName.get(attached[1]) : undefined;
    if (file && part.name) files[part.name] = file;
    else if (part.name) params[part.name] = value;
  }
  return { params, files };
}
