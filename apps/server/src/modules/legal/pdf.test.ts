import { describe, it, expect } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { LEGAL_DOCUMENTS, type LegalDocument } from '@portal/contract/legal';
import { renderLegalPdf } from './pdf';

const decoder = new TextDecoder('latin1');

describe('renderLegalPdf', () => {
  for (const doc of Object.values(LEGAL_DOCUMENTS)) {
    describe(doc.slug, () => {
      it('produces a valid multi-page PDF with the document title as metadata', async () => {
        const bytes = await renderLegalPdf(doc);
        expect(decoder.decode(bytes.subarray(0, 5))).toBe('%PDF-');

        const loaded = await PDFDocument.load(bytes, { updateMetadata: false });
        expect(loaded.getTitle()).toBe(doc.title);
        expect(loaded.getCreator()).toBe('Practitioner Portal');
        expect(loaded.getPageCount()).toBeGreaterThanOrEqual(2);
        expect(loaded.getCreationDate()?.toISOString().slice(0, 10)).toBe(doc.effectiveDate);
      });

      it('is deterministic', async () => {
        const first = await renderLegalPdf(doc);
        const second = await renderLegalPdf(doc);
        expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
      });
    });
  }

  it('replaces characters outside WinAnsi instead of throwing', async () => {
    const doc: LegalDocument = {
      slug: 'terms-and-conditions',
      title: 'Edge case ≥ title',
      version: 2,
      effectiveDate: '2026-11-01',
      summary: 'Summary with an emoji 🧬 and a tab\tcharacter.',
      sections: [
        {
          heading: 'Unicode ≤ heading',
          paragraphs: ['A score ≥ 3 is flagged; curly “quotes”, an em dash — and café are fine.', 'x'.repeat(500)],
        },
      ],
    };
    const bytes = await renderLegalPdf(doc);
    const loaded = await PDFDocument.load(bytes);
    expect(loaded.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(loaded.getTitle()).toBe('Edge case ≥ title');
  });
});
