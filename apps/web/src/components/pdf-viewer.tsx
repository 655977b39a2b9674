import { Button, Center, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
// Bundled with the app, not fetched from a CDN: the portal must work without the public internet.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { t } from '../i18n/i18n';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfViewerProps {
  /** The document's bytes. They are copied: pdf.js transfers (detaches) the buffer it is given. */
  data: ArrayBuffer;
  title: string;
  /** Called once pdf.js has read the document and its first page is on its way: shown, not merely fetched. */
  onShown?: () => void;
}

/** A paged PDF viewer whose page width follows its container. Loaded lazily: pdf.js is large. */
export function PdfViewer({ data, title, onShown }: PdfViewerProps) {
  const file = useMemo(() => ({ data: new Uint8Array(data.slice(0)) }), [data]);
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  const { ref, width } = useElementSize();
  const viewport = useRef<HTMLDivElement>(null);
  const viewportRef = useMergedRef(ref, viewport);

  // A new page starts at its top, not where the previous one was left.
  useEffect(() => {
    if (viewport.current) viewport.current.scrollTop = 0;
  }, [page]);

  const loading = (
    <Center py="xl">
      <Loader role="status" aria-label={t('pdf.loading')} />
    </Center>
  );

  return (
    <Stack gap="sm">
      {/* The page scrolls in its own box, so the page controls and the caller's buttons stay in
          view. The box is focusable: keyboard users must be able to scroll it. */}
      <ScrollArea.Autosize
        mah="60vh"
        type="auto"
        viewportRef={viewportRef}
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('pdf.label', { title }) }}
      >
        <Document
          file={file}

          loading={loading}
          error={<Text c="red.8">{t('pdf.failed')}</Text>}
          onLoadSuccess={(pdf) => {
            setPages(pdf.numPages);
            setPage(1);
            setFailed(false);
            onShown?.();
          }}
          onLoadError={() => setFailed(true)}
        >
          {width > 0 && (
            // Canvas only: a text layer would repeat the document's words in the page (its own
            // 'Page 1 of N' footer included); callers link the same text as a web page instead.
            <Page pageNumber={page} width={Math.floor(width)} loading={loading} renderTextLayer={false} renderAnnotationLayer={false} />
          )}
        </Document>
      </ScrollArea.Autosize>
      {pages > 0 && !failed && (
        <Group justify="space-between">
          <Button variant="default" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
            {t('pdf.previous')}
          </Button>
          <Text aria-live="polite">{t('pdf.pageOf', { page, pages })}</Text>
          <Button variant="default" onClick={() => setPage((p) => Math.min(pages, p + 1))} disabled={page >= pages}>
            {t('pdf.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
