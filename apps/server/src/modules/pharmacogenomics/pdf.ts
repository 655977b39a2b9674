import { PDFDocument, StandardFonts, rgb, type PDFPage } from 'pdf-lib';
import {
  EVIDENCE_TO_CPIC_LEVEL,
  PGX_ATTRIBUTION,
  PGX_MESSAGES,
  notCoveredByReason,
  PGX_NOT_GRADED,
  PGX_NOT_STATED,
  type PgxDiseases,
  type PgxNotCovered,
  type PgxPhenoconverter,
  PGX_TIER_LABELS,
  type Highlight,
  type PgxReading,
  type PgxReportRow,
} from '@portal/contract';
import { longDate } from '../../lib/dates';
import type { RowFilters } from './repository';
import { makeSanitizer, wrap, type TextStyle } from '../../lib/pdf-text';

/**
 * The printable pharmaco report: A4, a first page that says what to do (the Overview's lines, from
 * the drug verdicts), the medicines taken, what was not tested and the knowledge base; then one block
 * per row of the view (the whole report when no filter is set), then sources and attribution.
 */

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 48;
const MARGIN_TOP = 56;
const MARGIN_BOTTOM = 64;
const WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const LINE = 1.4;

const TEXT = rgb(0.12, 0.13, 0.16);
const MUTED = rgb(0.38, 0.41, 0.46);
const ACCENT = rgb(0.1, 0.33, 0.55);
const RULE = rgb(0.82, 0.84, 0.87);

export interface PrintableReport {
  patient: { firstName: string; lastName: string; synthetic: boolean };
  kit: { sampleLabel: string };
  knowledgeBase: { version: string; label: string };
  builtAt: Date;
  filters: RowFilters;
  rows: PgxReportRow[];
  diseases: PgxDiseases | null;
  /** Rows of the whole report the knowledge base cannot answer, and each drug-gene pair with why. */
  notCovered: PgxNotCovered;
  medicines: { taking: string[]; phenoconverters: PgxPhenoconverter[] };
  /** The report read as a prescriber reads it, and its lines in tier order (highlights.ts): the first page. */
  reading: PgxReading;
  actions: Highlight[];
}

const dash = (v: string | null | undefined) => (v && v.trim() ? v : '-');
const list = (v: string[]) => (v.length ? v.join(', ') : PGX_NOT_STATED);

export function describeFilters(filters: RowFilters): string[] {
  const out: string[] = [];
  if (!filters.quick && !filters.custom) out.push('The whole report (no filter)');
  if (filters.quick) {
    out.push('Quick view (view 1)');
    if (filters.quick.category.length) out.push(`Category: ${filters.quick.category.join(', ')}`);
    if (filters.quick.class.length) out.push(`Class: ${filters.quick.class.join(', ')}`);
    if (filters.quick.name) out.push(`Name: ${filters.quick.name}`);
    if (filters.quick.taking) out.push('Only drugs the patient takes now');
    if (filters.quick.notCovered) out.push('Only rows the knowledge base cannot answer');
  }
  if (filters.custom) {
    const c = filters.custom;
    out.push('Custom filtering (view 2)');
    if (c.phenotypeCategory.length) out.push(`Phenotype category: ${c.phenotypeCategory.join(', ')}`);
    if (c.specialtyPopulation.length) out.push(`Specialty population: ${c.specialtyPopulation.join(', ')}`);
    if (c.cpicGradedOnly) out.push('Only levels CPIC gives for the pair (none inferred)');
    if (c.levelOfEvidence.length) out.push(`Level of evidence: ${c.levelOfEvidence.map((l) => `${l} (CPIC ${EVIDENCE_TO_CPIC_LEVEL[l]})`).join(', ')}`);
    if (c.diseasePhenotype.length) out.push(`Disease phenotype: ${c.diseasePhenotype.join(', ')}`);
  }
  return out;
}

export async function renderReportPdf(report: PrintableReport, _opts: { view: '1' | '2' }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const clean = makeSanitizer(regular, bold);

  const s = {
    title: { font: bold, size: 18, color: TEXT },
    meta: { font: regular, size: 9, color: MUTED },
    heading: { font: bold, size: 12, color: ACCENT },
    rowTitle: { font: bold, size: 10.5, color: TEXT },
    body: { font: regular, size: 9, color: TEXT },
    label: { font: bold, size: 9, color: TEXT },
    small: { font: regular, size: 8, color: MUTED },
  } satisfies Record<string, TextStyle>;

  let page: PDFPage = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let cursor = PAGE_HEIGHT - MARGIN_TOP;
  const newPage = () => {
    page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    cursor = PAGE_HEIGHT - MARGIN_TOP;
  };
  const ensure = (h: number) => {
    if (cursor - h < MARGIN_BOTTOM && cursor < PAGE_HEIGHT - MARGIN_TOP) newPage();
  };
  const line = (text: string, style: TextStyle, indent = 0) => {
    ensure(style.size * LINE);
    page.drawText(text, { x: MARGIN_X + indent, y: cursor - style.size, font: style.font, size: style.size, color: style.color });
    cursor -= style.size * LINE;
  };
  const para = (text: string, style: TextStyle, indent = 0) => {
    for (const l of wrap(clean(text), style, WIDTH - indent)) line(l, style, indent);
  };
  /** 'Label: value' with the label in bold, wrapped. */
  const field = (label: string, value: string) => {
    const labelText = clean(`${label}: `);
    let labelWidth = bold.widthOfTextAtSize(labelText, s.label.size);
    ensure(s.body.size * LINE);
    page.drawText(labelText, { x: MARGIN_X, y: cursor - s.label.size, font: bold, size: s.label.size, color: TEXT });
    // A label wider than a third of the line stands on its own line, the value below it.
    if (labelWidth > WIDTH / 3) {
      cursor -= s.body.size * LINE;
      labelWidth = 0;
    }
    const lines = wrap(clean(value), s.body, WIDTH - labelWidth);
    lines.forEach((l, i) => {
      if (i > 0 || labelWidth === 0) ensure(s.body.size * LINE);
      page.drawText(l, { x: MARGIN_X + labelWidth, y: cursor - s.body.size, font: regular, size: s.body.size, color: TEXT });
      cursor -= s.body.size * LINE;
    });
  };
  const gap = (h: number) => {
    cursor = Math.max(cursor - h, MARGIN_BOTTOM);
  };
  const rule = () => page.drawLine({ start: { x: MARGIN_X, y: cursor }, end: { x: PAGE_WIDTH - MARGIN_X, y: cursor }, thickness: 0.6, color: RULE });

  // Page 1: what to do, as the Overview says it, from the same verdicts.
  para('Pharmaco report', s.title);
  gap(2);
  const name = `${report.patient.firstName} ${report.patient.lastName}`;
  para(`Patient: ${name}${report.patient.synthetic ? ' (synthetic demo data)' : ''} - kit ${report.kit.sampleLabel}`, s.meta);
  para(
    `${report.knowledgeBase.label}. Version ${report.knowledgeBase.version}; report built ${longDate(report.builtAt.toISOString())}; printed ${longDate(new Date().toISOString())}.`,
    s.meta,
  );
  gap(8);
  para('What to do', s.heading);
  gap(2);
  if (report.actions.length === 0) para('No drug of the report needs a change for this genotype, and the patient takes none of them.', s.body);
  for (const a of report.actions) {
    ensure(s.body.size * LINE * 2);
    field(`${a.tier ? `${PGX_TIER_LABELS[a.tier]} - ` : ''}${a.title}`, a.level);
    gap(2);
  }
  gap(6);
  const m = report.reading.medicines;
  field('Medicines taken', m.answered ? (m.taking.length ? m.taking.join(', ') : 'none of the report’s drugs') : 'not listed in the health questionnaire');
  if (m.stopped.length) field('Stopped (not counted)', m.stopped.join(', '));
  if (m.notRecognised.length) field('Not recognised - not checked against the genotype', m.notRecognised.join('; '));
  if (report.reading.notTested.length) field('Not tested', report.reading.notTested.join(', '));
  if (report.reading.notCrossChecked.length)
    field('Not cross-checked against PharmCAT’s tables (taken as the lab gave them)', report.reading.notCrossChecked.join(', '));
  const nc = report.notCovered;
  if (nc.rows > 0) {
    gap(4);
    para(`${PGX_MESSAGES.notCovered}, for these drug-gene pairs of the whole report:`, s.meta);
    for (const g of notCoveredByReason(nc.pairs)) para(`${g.reason} ${g.drugs.join(', ')}`, s.meta);
  }
  if (report.medicines.phenoconverters.length) para(PGX_MESSAGES.phenoconversionCaveat, s.small);
  gap(6);
  para(PGX_MESSAGES.disclaimer, s.small);

  // Then the rows of the view.
  newPage();
  para('Report rows', s.heading);
  gap(2);
  para(describeFilters(report.filters).join(' - '), s.meta);
  para(`${report.rows.length} row${report.rows.length === 1 ? '' : 's'}`, s.meta);
  para(PGX_MESSAGES.levelsExplained, s.small);
  gap(8);
  rule();
  gap(10);

  if (report.rows.length === 0) para(PGX_MESSAGES.noResults, s.body);
  // The order of the quick view: what a prescriber acts on first, SPEC's allele columns after.
  const flagged = new Set<string>();
  for (const r of report.rows) {
    ensure(s.rowTitle.size * LINE * 4);
    para(
      `${r.genericName} - ${r.gene}${r.phenotype ? ` - ${r.phenotype}` : ''}${r.taking ? ` - ${PGX_MESSAGES.currentlyTaking.toLowerCase()}` : ''}`,
      s.rowTitle,
    );
    // A drug's phenoconversion flag is said once, on its first row.
    if (r.phenoconversion.length && !flagged.has(r.genericName)) {
      flagged.add(r.genericName);
      for (const f of r.phenoconversion) field('Flag', PGX_MESSAGES.phenoconversion(f));
    }
    field('Action', PGX_TIER_LABELS[r.tier]);
    if (r.coverage === 'notCovered') field('Recommendation', `${PGX_MESSAGES.notCovered}. ${r.note ?? ''}`.trim());
    else field(r.coverage === 'noRecommendation' ? PGX_MESSAGES.noRecommendationLabel : 'Recommendation', r.recommendation ?? '-');
    if (r.ifPhenoconverted)
      field(PGX_MESSAGES.ifPhenoconverted, `${r.ifPhenoconverted.recommendation} (${r.ifPhenoconverted.classification ?? 'not classified'})`);
    else if (r.phenoconversion.some((f) => f.enzyme === 'CYP2D6' && f.kind === 'inhibitor' && f.strength === 'strong'))
      field(PGX_MESSAGES.ifPhenoconverted, PGX_MESSAGES.noPhenoconvertedRow);
    field(
      'Classification / level / population',
      `${r.classification ?? '-'} / ${r.levelOfEvidence.length ? `${r.levelOfEvidence.join('/')} (CPIC ${r.cpicLevel}${r.levelInferred ? ', from its CPIC recommendation' : ''})` : PGX_NOT_GRADED} / ${r.specialtyPopulation ?? PGX_NOT_STATED}`,
    );
    if (r.source) field('Source', r.source);
    if (r.guidelineUpdatedOn) field('CPIC update', PGX_MESSAGES.guidelineUpdated(longDate(r.guidelineUpdatedOn)));
    if (r.implication) field('Implication', r.implication);
    if (r.comments) field('CPIC comments', r.comments);
    field('Category / class', `${list(r.category)} / ${list(r.class)}`);
    field('US name / SA name', `${r.usName ?? 'not loaded'} / ${r.saName ?? 'not loaded'}`);
    field(
      'Sample genotype',
      `${dash(r.sampleGenotype)}; alleles ${dash(r.genotypeAllele)}; reference ${dash(r.refAllele)}; alternative ${dash(r.altAllele)}; variant haplotype ${dash(r.variantHaplotype)}`,
    );
    field('Metabolizer speed / activity score', `${dash(r.metabolizerSpeed)} / ${dash(r.activityScore)}`);
    field('Phenotype category / disease', `${r.phenotypeCategory ?? PGX_NOT_STATED} / ${r.diseasePhenotype ?? PGX_NOT_STATED}`);
    if (r.guidelineName || r.guidelineUrl)
      field('Guideline', [r.guidelineName, r.guidelineUrl ?? PGX_ATTRIBUTION.cpic.guidelinesUrl].filter(Boolean).join(' - '));
    else if (r.coverage === 'notCovered') field('Guideline', PGX_ATTRIBUTION.cpic.guidelinesUrl);
    if (r.pmids.length) field('PMIDs', r.pmids.join(', '));
    gap(6);
    rule();
    gap(8);
  }

  if (report.diseases) {
    ensure(60);
    para('Diseases', s.heading);
    gap(4);
    if (report.diseases.results.length === 0) para('The selected rows name no disease phenotype.', s.body);
    for (const d of report.diseases.results)
      field(d.diseasePhenotype, `${d.rows} row${d.rows === 1 ? '' : 's'}; ${d.drugs.join(', ')} (${d.genes.join(', ')})`);
    if (report.diseases.notStated)
      para(`${report.diseases.notStated} selected row${report.diseases.notStated === 1 ? '' : 's'} name no disease phenotype.`, s.small);
    gap(10);
  }

  ensure(120);
  para('Sources', s.heading);
  gap(4);
  const { cpic, pharmcat } = PGX_ATTRIBUTION;
  para(`${cpic.name}, ${cpic.licence}. ${cpic.release}. Primary source: ${cpic.primarySource}. Guidelines: ${cpic.guidelinesUrl}. ${cpic.note}`, s.small);
  gap(4);
  para(`${pharmcat.name}, ${pharmcat.licence} (${pharmcat.licenceUrl}). ${pharmcat.release}. ${pharmcat.note}`, s.small);
  gap(4);
  para(PGX_MESSAGES.saNameNote, s.small);

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    p.drawLine({ start: { x: MARGIN_X, y: 46 }, end: { x: PAGE_WIDTH - MARGIN_X, y: 46 }, thickness: 0.5, color: RULE });
    const footer = `Page ${i + 1} of ${pages.length}`;
    p.drawText(footer, { x: PAGE_WIDTH - MARGIN_X - regular.widthOfTextAtSize(footer, 8), y: 32, font: regular, size: 8, color: MUTED });
    p.drawText(clean(`Pharmaco report - ${name} - ${report.kit.sampleLabel}`), { x: MARGIN_X, y: 32, font: regular, size: 8, color: MUTED });
  });
  pdf.setTitle(`Pharmaco report - ${name}`);
  pdf.setCreator('Practitioner Portal');
  pdf.setProducer('Practitioner Portal (pdf-lib)');
  pdf.setLanguage('en-ZA');
  return pdf.save({ useObjectStreams: false });
}
