import { lazy } from 'react';

/** The PDF viewer as its own chunk, so pdf.js stays out of the entry bundle. */
export const LazyPdfViewer = lazy(() => import('./pdf-viewer').then((m) => ({ default: m.PdfViewer })));
