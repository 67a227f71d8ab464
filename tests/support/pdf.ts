import * as mupdf from 'mupdf';

// A PDF as the tests read it (MuPDF, compiled to WebAssembly): its text, to check the figures are
// really in it, and its pages as PNG pictures, to look at.

/** Whether the bytes are a PDF MuPDF can open, and how many pages it has. */
export function pdfPages(bytes: Uint8Array): number {
  return mupdf.Document.openDocument(bytes, 'application/pdf').countPages();
}

/** The text of every page, in reading order, each run of white space (line breaks too) as one space. */
export function pdfText(bytes: Uint8Array): string {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const pages: string[] = [];
  for (let i = 0; i < doc.countPages(); i += 1) {
    pages.push(doc.loadPage(i).toStructuredText('preserve-whitespace').asText());
  }
  return pages.join(' ').replace(/\s+/g, ' ');
}

/** One page drawn as a PNG picture, at `scale` (1 = 72 dots an inch). */
export function pdfPagePng(bytes: Uint8Array, page = 0, scale = 1.5): Uint8Array {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const pixmap = doc
    .loadPage(page)
    .toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
  return pixmap.asPNG();
}
