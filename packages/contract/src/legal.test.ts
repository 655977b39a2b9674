import { describe, it, expect } from 'vitest';
import { CURRENT_TOS_VERSIONS, LEGAL_DOCUMENTS, type LegalSlug } from './legal';

const PRINTABLE_LATIN1 = /^[\x20-\x7E\xA0-\xFF]*$/;
const TITLES: Record<LegalSlug, string> = {
  'terms-and-conditions': 'Terms & Conditions',
  'privacy-policy': 'Privacy Policy',
  'portal-terms-and-conditions': 'Portal Terms & Conditions',
};

function allText(slug: LegalSlug): string[] {
  const doc = LEGAL_DOCUMENTS[slug];
  return [doc.title, doc.summary, ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs])];
}

describe('legal documents', () => {
  const slugs = Object.keys(TITLES) as LegalSlug[];

  it('has exactly the three documents, keyed by their slug', () => {
    expect(Object.keys(LEGAL_DOCUMENTS).sort()).toEqual([...slugs].sort());
    for (const slug of slugs) {
      expect(LEGAL_DOCUMENTS[slug].slug).toBe(slug);
      expect(LEGAL_DOCUMENTS[slug].title).toBe(TITLES[slug]);
    }
  });

  for (const slug of slugs) {
    describe(slug, () => {
      const doc = LEGAL_DOCUMENTS[slug];

      it('has at least 8 sections with non-empty headings and paragraphs', () => {
        expect(doc.sections.length).toBeGreaterThanOrEqual(8);
        expect(doc.summary.trim()).not.toBe('');
        for (const section of doc.sections) {
          expect(section.heading.trim()).not.toBe('');
          expect(section.paragraphs.length).toBeGreaterThan(0);
          for (const p of section.paragraphs) expect(p.trim()).not.toBe('');
        }
      });

      it('uses only printable Latin-1 characters', () => {
        for (const text of allText(slug)) {
          const bad = [...text].filter((c) => !PRINTABLE_LATIN1.test(c));
          expect(bad, text).toEqual([]);
        }
      });

      it('has a positive integer version and an ISO effective date', () => {
        expect(Number.isInteger(doc.version) && doc.version > 0).toBe(true);
        expect(doc.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${doc.effectiveDate}T00:00:00Z`).toISOString().slice(0, 10)).toBe(doc.effectiveDate);
      });

      it('contains no placeholders', () => {
        for (const text of allText(slug)) {
          expect(text).not.toMatch(/lorem ipsum|\[[A-Za-z ]+\]|TODO|TBD|XXX/i);
        }
      });
    });
  }

  it('CURRENT_TOS_VERSIONS matches the documents', () => {
    expect(CURRENT_TOS_VERSIONS).toEqual({
      account: LEGAL_DOCUMENTS['terms-and-conditions'].version,
      portal: LEGAL_DOCUMENTS['portal-terms-and-conditions'].version,
    });
  });
});
