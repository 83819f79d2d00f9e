import { type PageMetadata, readPageMetadata } from './metadata';
import { captureSelection, type SelectionCapture } from './selection';

/** What the page reader script hands back to the background: page data, never a token. */
export interface PageCapture {
  metadata: PageMetadata;
  selection: SelectionCapture | null;
  /** `document.contentType`: a PDF shown by the browser's viewer cannot be read as HTML. */
  contentType: string;
}

export function capturePage(doc: Document, win: Window): PageCapture {
  return {
    metadata: readPageMetadata(doc, win.location.href),
    selection: captureSelection(doc, win),
    contentType: doc.contentType,
  };
}
