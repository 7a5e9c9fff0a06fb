/** What GENERATE PDF lays out: a filled HTML or Markdown template, or plain text. */
export type PdfSourceKind = 'html' | 'markdown' | 'text';

/** A PDF made by a {@link PdfMaker}: its bytes and how many pages it has. */
export interface MadePdf {
  bytes: Buffer;
  pages: number;
}

/**
 * The port behind GENERATE PDF and MERGE PDF (docs/basic.md, "GENERATE PDF and MERGE PDF"): the
 * PDF library brings its own fonts and compression, so it lives on the script host's side
 * (script-host/host/pdf/). Both reject with a message for the script author.
 */
export interface PdfMaker {
  /**
   * The filled template laid out on A4 pages; `title` goes in the document's properties. `image`
   * gives the bytes of an image the template shows by a path (the drive's file), or undefined.
   */
  render(source: { kind: PdfSourceKind; text: string; title: string; image?: (src: string) => Promise<Buffer | undefined> }): Promise<MadePdf>;
  /** The pages of each PDF, in the order given, as one PDF; rejects naming the one that is not a PDF. */
  merge(files: readonly { name: string; bytes: Buffer }[]): Promise<MadePdf>;
}
