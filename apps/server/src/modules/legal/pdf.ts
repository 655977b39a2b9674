import { PDFDocument, StandardFonts, rgb, type PDFPage } from 'pdf-lib';
import type { LegalDocument } from '@portal/contract/legal';
import { makeSanitizer, wrap, type TextStyle } from '../../lib/pdf-text';

/**
 * Renders a legal document (terms, privacy policy, portal terms) to an A4 PDF.
 *
 * The output is deterministic for a given document: dates come from the document's
 * effectiveDate, and object streams are disabled, so the same input always yields
 * the same bytes (useful for caching and ETags).
 */

const PAGE_WIDTH = 595.28; // A4 in points
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 56;
const MARGIN_TOP = 60;
const MARGIN_BOTTOM = 64; // leaves room for the footer
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;

const TITLE_SIZE = 22;
const META_SIZE = 10;
const SUMMARY_SIZE = 11.5;
const HEADING_SIZE = 13;
const BODY_SIZE = 10.5;
const FOOTER_SIZE = 8.5;
const LINE_FACTOR = 1.45;

const COLOR_TEXT = rgb(0.12, 0.13, 0.16);
const COLOR_MUTED = rgb(0.42, 0.45, 0.5);
const COLOR_ACCENT = rgb(0.1, 0.33, 0.55);
const COLOR_RULE = rgb(0.82, 0.84, 0.87);

const PRODUCT_NAME = 'Practitioner Portal';

function isoDateToUtc(iso: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (m) return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? new Date(0) : parsed;
}

export async function renderLegalPdf(doc: LegalDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  const clean = makeSanitizer(regular, bold);

  const title = clean(doc.title);
  const versionLine = clean(`Version ${doc.version}, effective ${doc.effectiveDate}`);

  const styles = {
    title: { font: bold, size: TITLE_SIZE, color: COLOR_TEXT },
    meta: { font: regular, size: META_SIZE, color: COLOR_MUTED },
    summary: { font: regular, size: SUMMARY_SIZE, color: COLOR_TEXT },
    heading: { font: bold, size: HEADING_SIZE, color: COLOR_ACCENT },
    body: { font: regular, size: BODY_SIZE, color: COLOR_TEXT },
    footer: { font: regular, size: FOOTER_SIZE, color: COLOR_MUTED },
  } satisfies Record<string, TextStyle>;

  const lineHeight = (s: TextStyle) => s.size * LINE_FACTOR;

  let page: PDFPage = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  // `cursor` is the top of the next line box; text baselines sit one font size below it.
  let cursor = PAGE_HEIGHT - MARGIN_TOP;

  const newPage = () => {
    page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    cursor = PAGE_HEIGHT - MARGIN_TOP;
  };
  const remaining = () => cursor - MARGIN_BOTTOM;
  const atTopOfPage = () => cursor === PAGE_HEIGHT - MARGIN_TOP;
  const ensure = (height: number) => {
    if (height > remaining() && !atTopOfPage()) newPage();
  };
  const drawLine = (text: string, style: TextStyle) => {
    ensure(lineHeight(style));
    page.drawText(text, { x: MARGIN_X, y: cursor - style.size, font: style.font, size: style.size, color: style.color });
    cursor -= lineHeight(style);
  };
  const gap = (points: number) => {
    // Space is dropped at a page break rather than pushed onto the next page.
    cursor = Math.max(cursor - points, MARGIN_BOTTOM);
  };
  const rule = () => {
    page.drawLine({
      start: { x: MARGIN_X, y: cursor },
      end: { x: PAGE_WIDTH - MARGIN_X, y: cursor },
      thickness: 0.75,
      color: COLOR_RULE,
    });
  };

  // Title block.
  for (const line of wrap(title, styles.title, CONTENT_WIDTH)) drawLine(line, styles.title);
  gap(2);
  drawLine(versionLine, styles.meta);
  gap(10);
  for (const line of wrap(clean(doc.summary), styles.summary, CONTENT_WIDTH)) drawLine(line, styles.summary);
  gap(12);
  rule();
  gap(16);

  // Sections.
  doc.sections.forEach((section, index) => {
    const headingLines = wrap(clean(`${index + 1}. ${section.heading}`), styles.heading, CONTENT_WIDTH);
    const paragraphs = section.paragraphs.map((p) => clean(p).trim()).filter((p) => p.length > 0);
    const firstParagraphLines = paragraphs.length > 0 ? wrap(paragraphs[0]!, styles.body, CONTENT_WIDTH) : [];

    // Keep the heading together with at least the first line of its first paragraph.
    const headingBlock = headingLines.length * lineHeight(styles.heading) + 4 + (firstParagraphLines.length > 0 ? lineHeight(styles.body) : 0);
    ensure(headingBlock);

    for (const line of headingLines) drawLine(line, styles.heading);
    gap(4);

    paragraphs.forEach((paragraph, pIndex) => {
      const lines = pIndex === 0 ? firstParagraphLines : wrap(paragraph, styles.body, CONTENT_WIDTH);
      for (const line of lines) drawLine(line, styles.body);
      if (pIndex < paragraphs.length - 1) gap(7);
    });
    gap(16);
  });

  // Running header (pages 2+) and footer on every page.
  const pages = pdf.getPages();
  const total = pages.length;
  const headerText = clean(`${doc.title} - Version ${doc.version}`);
  pages.forEach((p, i) => {
    if (i > 0) {
      p.drawText(headerText, {
        x: MARGIN_X,
        y: PAGE_HEIGHT - 36,
        font: regular,
        size: FOOTER_SIZE,
        color: COLOR_MUTED,
      });
    }
    p.drawLine({
      start: { x: MARGIN_X, y: 46 },
      end: { x: PAGE_WIDTH - MARGIN_X, y: 46 },
      thickness: 0.5,
      color: COLOR_RULE,
    });
    const footer = `Page ${i + 1} of ${total}`;
    const footerWidth = regular.widthOfTextAtSize(footer, FOOTER_SIZE);
    p.drawText(footer, {
      x: PAGE_WIDTH - MARGIN_X - footerWidth,
      y: 32,
      font: regular,
      size: FOOTER_SIZE,
      color: COLOR_MUTED,
    });
    p.drawText(PRODUCT_NAME, { x: MARGIN_X, y: 32, font: regular, size: FOOTER_SIZE, color: COLOR_MUTED });
  });

  // Metadata (stored as UTF-16 strings, so the unsanitised title is fine here).
  const date = isoDateToUtc(doc.effectiveDate);
  pdf.setTitle(doc.title, { showInWindowTitleBar: true });
  pdf.setSubject(doc.summary);
  pdf.setAuthor('the Provider');
  pdf.setCreator(PRODUCT_NAME);
  pdf.setProducer(`${PRODUCT_NAME} (pdf-lib)`);
  pdf.setLanguage('en-ZA');
  pdf.setKeywords([doc.slug, `version ${doc.version}`]);
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);

  return pdf.save({ useObjectStreams: false });
}
