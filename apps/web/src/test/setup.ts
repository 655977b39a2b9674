import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { mediaQueryList } from './media';

afterEach(() => {
  cleanup();
});

// findBy and waitFor wait up to 5 s, not 1: on a loaded 2-core machine a debounced search and its
// answer can take longer than a second to render, and a test then failed for the machine, not the code.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks browser APIs Mantine relies on. Some test files choose the node environment: skip there.
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => mediaQueryList(query, false)),
  });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: vi.fn(), removeEventListener: vi.fn(), ready: Promise.resolve() },
    });
  }
}

// pdf.js does not load in jsdom on Node 20 (STACK pitfall 6): tests get a stand-in, Chromium the real one.
vi.mock('react-pdf', async () => {
  const { useEffect } = await import('react');
  return {
    pdfjs: { GlobalWorkerOptions: {} },
    // Read at once: the viewer's onShown (which lets terms be accepted) follows the document's load.
    Document: ({ children, onLoadSuccess }: { children?: unknown; onLoadSuccess?: (pdf: { numPages: number }) => void }) => {
      useEffect(() => onLoadSuccess?.({ numPages: 1 }), [onLoadSuccess]);
      return children ?? null;
    },
    Page: () => null,
  };
});
