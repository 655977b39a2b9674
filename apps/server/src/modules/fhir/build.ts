import { createHash } from 'node:crypto';
import type { Bundle, CodeableConcept, DiagnosticReport, Meta, Observation, ObservationComponent, Patient, Reference, Resource } from '@medplum/fhirtypes';
import { PGX_TIER_LABELS, type PgxReading, type ResultComponent } from '@portal/contract';
import type { GeneCall } from '../pharmacogenomics/service';

/*
 * A session's results as a FHIR R4 Bundle in the shapes of the HL7 Genomics Reporting IG STU3
 * (decisions 012 and 027). Codes come from the IG's own value sets and code systems (LOINC,
 * HGNC, RxNorm as CPIC gives it); everything they do not code is carried as text, never as an
 * invented code.
 */

const LOINC = 'http://loinc.org';
const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
const HGNC = 'http://www.genenames.org';
const IG = 'http://hl7.org/fhir/uv/genomics-reporting';
const TBD = `${IG}/CodeSystem/tbd-codes-cs`;
const loinc = (code: string, display: string, text?: string): CodeableConcept => ({ coding: [{ system: LOINC, code, display }], ...(text ? { text } : {}) });

/** The IG's profiles the resources claim (and are validated against in the tests). */
export const PROFILE = {
  genomicReport: `${IG}/StructureDefinition/genomic-report`,
  genotype: `${IG}/StructureDefinition/genotype`,
  haplotype: `${IG}/StructureDefinition/haplotype`,
  therapeuticImplication: `${IG}/StructureDefinition/therapeutic-implication`,
} as const;

/** Genomics Reporting IG: the genomic report's code and its Genetics category (HL7 v2 table 0074). */
const GENETIC_ANALYSIS_REPORT = (text: string) => loinc('51969-4', 'Genetic analysis report', text);
const GENETICS: CodeableConcept = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'GE', display: 'Genetics' }] };
const LABORATORY: CodeableConcept = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory', display: 'Laboratory' }],
};
/** IG Genotype profile's code, Haplotype profile's code, and the 'gene studied' component. */
const GENOTYPE = loinc('84413-4', 'Genotype display name');
const HAPLOTYPE = loinc('84414-2', 'Haplotype name');
const GENE_STUDIED = loinc('48018-6', 'Gene studied [ID]');
/** IG Therapeutic Implication: its code, its components' codes (tbd-codes-cs and LOINC, as the profile fixes them). */
const THERAPEUTIC_IMPLICATION: CodeableConcept = { coding: [{ system: TBD, code: 'therapeutic-implication', display: 'Therapeutic Implication' }] };
const CONCLUSION: CodeableConcept = { coding: [{ system: TBD, code: 'conclusion-string', display: 'Conclusion Text' }] };
/** The profile fixes these codes only; no display is claimed for them. */
const MEDICATION_ASSESSED: CodeableConcept = { coding: [{ system: LOINC, code: '51963-7' }] };
const EVIDENCE_LEVEL: CodeableConcept = { coding: [{ system: LOINC, code: '93044-6' }] };
const TREATMENT_CONTEXT: CodeableConcept = { coding: [{ system: LOINC, code: '81259-4' }] };
/**
 * CPIC's phenotype terms that the IG's value set genetic-therapeutic-implications-vs codes (LOINC
 * answers, read from the kept package; the test checks each against it). Only exact terms: 'Likely
 * Poor Metabolizer', 'Indeterminate', an HLA allele's status or G6PD's 'Deficient' stay text.
 */
const PHENOTYPE_ANSWERS: Record<string, { code: string; display: string }> = {
  'ultrarapid metabolizer': { code: 'LA10315-2', display: 'Ultrarapid metabolizer' },
  'rapid metabolizer': { code: 'LA25390-8', display: 'Rapid metabolizer' },
  'normal metabolizer': { code: 'LA25391-6', display: 'Normal metabolizer' },
  'intermediate metabolizer': { code: 'LA10317-8', display: 'Intermediate metabolizer' },
  'poor metabolizer': { code: 'LA9657-3', display: 'Poor metabolizer' },
  'increased function': { code: 'LA25392-4', display: 'Increased function' },
  'normal function': { code: 'LA25393-2', display: 'Normal function' },
  'decreased function': { code: 'LA25395-7', display: 'Decreased function' },
  'poor function': { code: 'LA25394-0', display: 'Poor function' },
};
const phenotypeAnswer = (gene: string, phenotype: string): CodeableConcept => {
  const answer = PHENOTYPE_ANSWERS[phenotype.trim().toLowerCase()];
  return answer ? { coding: [{ system: LOINC, ...answer }], text: `${gene} ${phenotype}` } : { text: `${gene} ${phenotype}` };
};
/** HL7 v3 ActReason HTEST: test health data, on every resource of a synthetic demo patient. */
const TEST_DATA = { system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason', code: 'HTEST', display: 'test health data' };

export interface FhirSource {
  portalUrl: string;
  sessionId: string;
  patient: { id: string; firstName: string; lastName: string; synthetic: boolean };
  kit: { id: string; sampleLabel: string } | null;
  nutrigenomic: Array<{ id: string; title: string; computedAt: Date; engineVersion: string; components: ResultComponent[] }>;
  pharmacogenomic: {
    builtAt: Date;
    knowledgeBase: string;
    pharmcatVersion: string | null;
    calls: GeneCall[];
    /** The drug verdicts (decision 021): the export renders them and reads nothing of its own. */
    reading: PgxReading | null;
    /** RxNorm ids by lower-cased drug name (CPIC's drug table). */
    rxnorm: Record<string, string>;
  } | null;
  /** HGNC ids by gene symbol (CPIC's gene table), for the nutrigenomic components' genes too. */
  hgnc: Record<string, string>;
  generatedAt: Date;
}

/** A stable uuid for one resource of one session's export, so importing it twice updates rather than duplicates. */
function uuidOf(...parts: string[]) {
  const h = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}
const urn = (id: string) => `urn:uuid:${id}`;
const ref = <T extends Resource>(id: string, display?: string): Reference<T> => ({ reference: urn(id), ...(display ? { display } : {}) });
/** The gene as the IG codes it (HGNC); a gene CPIC's table gives no HGNC id is named by symbol only. */
const geneStudied = (gene: string, hgnc?: string): ObservationComponent => ({
  code: GENE_STUDIED,
  valueCodeableConcept: hgnc ? { coding: [{ system: HGNC, code: hgnc, display: gene }] } : { text: gene },
});
/**
 * Every string as HL7's R4 JSON schema accepts it (`^[ \r\n\t\S]+$`): the number format's
 * no-break and narrow no-break spaces, and any other white space but space, CR, LF and tab, become
 * a plain space.
 */
export function schemaStrings<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_k, v: unknown) => (typeof v === 'string' ? v.replace(/[^\S \r\n\t]/gu, ' ') : v)) as T;
}
/** Calls that name something: not the 'not called' and 'no result' placeholders. */
const meaningful = (s: string | null | undefined): s is string => Boolean(s && s.trim() && !/^(n\/a|no result|unknown|unknown\/unknown)$/i.test(s.trim()));

export function buildBundle(src: FhirSource): Bundle {
  const meta = src.patient.synthetic ? { meta: { security: [TEST_DATA] } } : {};
  const metaWith = (profile: string): { meta: Meta } => ({ meta: { profile: [profile], ...(src.patient.synthetic ? { security: [TEST_DATA] } : {}) } });
  const patientId = uuidOf(src.sessionId, 'patient', src.patient.id);
  const subject: Reference<Patient> = ref(patientId, `${src.patient.firstName} ${src.patient.lastName}`);
  const resources: Array<{ id: string; resource: Patient | Observation | DiagnosticReport }> = [];
  const patient: Patient = {
    resourceType: 'Patient',
    id: patientId,
    ...meta,
    identifier: [{ system: `${src.portalUrl}/fhir/patient`, value: src.patient.id }],
    name: [{ family: src.patient.lastName, given: [src.patient.firstName] }],
  };
  resources.push({ id: patientId, resource: patient });
  const specimen = src.kit ? { specimen: [{ display: `Sample ${src.kit.sampleLabel}` }] } : {};
  /** A genomic report (the IG's code and category) of the given observations. */
  const addReport = (key: string, title: string, effective: string, observations: string[], conclusion: string, extra: Partial<DiagnosticReport> = {}) => {
    const id = uuidOf(src.sessionId, 'report', key);
    const resource: DiagnosticReport = {
      resourceType: 'DiagnosticReport',
      id,
      ...metaWith(PROFILE.genomicReport),
      ...extra,
      status: 'final',
      category: [GENETICS],
      code: GENETIC_ANALYSIS_REPORT(title),
      subject,
      effectiveDateTime: effective,
      issued: effective,
      ...specimen,
      result: observations.map((o) => ref(o)),
      conclusion,
    };
    resources.push({ id, resource });
  };

  for (const result of src.nutrigenomic) {
    const effective = result.computedAt.toISOString();
    const observations: string[] = [];
    const notProcessed: string[] = [];
    for (const c of result.components) {
      if (c.score === null || c.percentile === null || c.scoreCategory === null) {
        notProcessed.push(c.title);
        continue;
      }
      const id = uuidOf(src.sessionId, 'result', result.id, c.componentID);
      const components: ObservationComponent[] = [
        { code: { text: 'Percentile in the reference population' }, valueQuantity: { value: c.percentile, unit: 'percentile' } },
        { code: { text: 'Category' }, valueCodeableConcept: { text: c.scoreDescription } },
        {
          code: { text: "SNPs read and used, of the score's SNPs" },
          valueRatio: { numerator: { value: c.numberOfSnps }, denominator: { value: c.totalSnps } },
        },
        ...c.genes.map((g) => geneStudied(g, src.hgnc[g])),
      ];
      const observation: Observation = {
        resourceType: 'Observation',
        id,
        ...meta,
        status: 'final',
        category: [LABORATORY, GENETICS],
        code: { text: `${c.title}: genetic score` },
        subject,
        effectiveDateTime: effective,
        valueQuantity: { value: c.score },
        interpretation: [{ text: c.scoreDescription }],
        method: { text: `Weighted genetic score, ${result.engineVersion}` },
        referenceRange:
          c.percentile25th !== null && c.percentile75th !== null
            ? [
                {
                  low: { value: c.percentile25th },
                  high: { value: c.percentile75th },
                  text: `Middle half (25th to 75th percentile) of the ${c.referencePopulation ?? 'reference population'}`,
                },
              ]
            : [{ text: c.referencePopulation ?? 'Reference population not stated' }],
        component: components,
        note: [{ text: c.ancestryCaveat }],
      };
      resources.push({ id, resource: observation });
      observations.push(id);
    }
    addReport(
      result.id,
      result.title,
      effective,
      observations,
      notProcessed.length
        ? `${observations.length} components scored. Not processed (too few SNPs read, or no reference frequencies): ${notProcessed.join(', ')}.`
        : `${observations.length} components scored.`,
      { identifier: [{ system: `${src.portalUrl}/fhir/result`, value: result.id }] },
    );
  }

  const pgx = src.pharmacogenomic;
  if (pgx) addPharmacogenomics(pgx);

  /** The pharmacogenomic report (decision 027): genotypes, haplotypes, each gene's phenotype and each drug verdict's readings. */
  function addPharmacogenomics(pgx: NonNullable<FhirSource['pharmacogenomic']>) {
    const effective = pgx.builtAt.toISOString();
    const observations: string[] = [];
    const genomic = (profile: string): Omit<Observation, 'code'> => ({
      resourceType: 'Observation',
      ...metaWith(profile),
      status: 'final',
      category: [LABORATORY, GENETICS],
      subject,
      effectiveDateTime: effective,
    });
    /** Per gene: the genotype and phenotype observations a drug's reading can rest on. */
    const basis = new Map<string, string[]>();
    const notCalled: string[] = [];
    for (const call of pgx.calls) {
      if (call.source === 'NONE' || !meaningful(call.diplotype)) {
        notCalled.push(call.note ? `${call.gene} (${call.note})` : call.gene);
        continue;
      }
      const gene = geneStudied(call.gene, src.hgnc[call.gene]);
      const haplotypes: string[] = [];
      for (const [i, allele] of [call.allele1, call.allele2].entries()) {
        if (!meaningful(allele)) continue;
        const id = uuidOf(src.sessionId, 'pgx', call.gene, 'haplotype', String(i));
        resources.push({
          id,
          resource: { ...genomic(PROFILE.haplotype), id, code: HAPLOTYPE, valueCodeableConcept: { text: `${call.gene} ${allele}` }, component: [gene] },
        });
        haplotypes.push(id);
      }
      const genotypeId = uuidOf(src.sessionId, 'pgx', call.gene, 'genotype');
      resources.push({
        id: genotypeId,
        resource: {
          ...genomic(PROFILE.genotype),
          id: genotypeId,
          code: GENOTYPE,
          valueCodeableConcept: { text: `${call.gene} ${call.diplotype}` },
          method: { text: call.source === 'OUTSIDE' ? "The lab's outside call" : `PharmCAT ${pgx.pharmcatVersion ?? ''}`.trim() },
          component: [gene],
          ...(haplotypes.length ? { derivedFrom: haplotypes.map((id) => ref(id)) } : {}),
        },
      });
      observations.push(genotypeId);
      const rests = [genotypeId];
      basis.set(call.gene, rests);
      if (!meaningful(call.phenotype)) continue;
      // STU3's shape of a metabolizer status (or transporter function, or HLA allele status): a
      // therapeutic implication with no medication, its answer coded where the IG's value set has one.
      const phenotypeId = uuidOf(src.sessionId, 'pgx', call.gene, 'phenotype');
      resources.push({
        id: phenotypeId,
        resource: {
          ...genomic(PROFILE.therapeuticImplication),
          id: phenotypeId,
          code: { ...THERAPEUTIC_IMPLICATION, text: `${call.gene} phenotype` },
          component: [
            { code: THERAPEUTIC_IMPLICATION, valueCodeableConcept: phenotypeAnswer(call.gene, call.phenotype) },
            ...(meaningful(call.activityScore) ? [{ code: { text: 'Activity score' }, valueString: call.activityScore }] : []),
          ],
          derivedFrom: [ref(genotypeId)],
        },
      });
      observations.push(phenotypeId);
      rests.push(phenotypeId);
    }

    // One therapeutic implication per drug verdict's reading (decision 021: the verdicts are the one reading).
    const implications: Array<{ drug: string; tier: string }> = [];
    for (const verdict of pgx.reading?.verdicts ?? []) {
      for (const [i, reading] of verdict.readings.entries()) {
        if (reading.tier === 'notCovered' || !reading.recommendation) continue;
        const derivedFrom = reading.genes.flatMap((g) => basis.get(g.gene) ?? []);
        // The IG requires what an implication rests on; a reading whose genes have no genotype here is not exported as one.
        if (!derivedFrom.length) continue;
        const id = uuidOf(src.sessionId, 'pgx', 'implication', verdict.drug, String(i), reading.population ?? '');
        const rxnorm = pgx.rxnorm[verdict.drug.toLowerCase()];
        const notes = [
          verdict.taking ? 'The patient takes this medicine now (health questionnaire).' : null,
          ...reading.implications.map((t) => `CPIC's implication: ${t}`),
          reading.alternatives.length ? `Alternatives CPIC's text names: ${reading.alternatives.join(', ')}` : null,
          ...verdict.untested,
          verdict.phenoconversion?.text ?? null,
          ...verdict.heritable,
          reading.source ? `Source: ${reading.source}` : null,
        ].filter((t): t is string => Boolean(t));
        const resource: Observation = {
          ...genomic(PROFILE.therapeuticImplication),
          id,
          ...(reading.guidelineUrl
            ? {
                extension: [
                  {
                    url: 'http://hl7.org/fhir/StructureDefinition/workflow-relatedArtifact',
                    valueRelatedArtifact: { type: 'citation', url: reading.guidelineUrl, ...(reading.guidelineName ? { display: reading.guidelineName } : {}) },
                  },
                ],
              }
            : {}),
          code: { ...THERAPEUTIC_IMPLICATION, text: `${verdict.drug}: ${PGX_TIER_LABELS[reading.tier]}` },
          component: [
            {
              code: MEDICATION_ASSESSED,
              valueCodeableConcept: rxnorm ? { coding: [{ system: RXNORM, code: rxnorm, display: verdict.drug }], text: verdict.drug } : { text: verdict.drug },
            },
            ...reading.genes.map((g) => ({
              code: THERAPEUTIC_IMPLICATION,
              valueCodeableConcept: meaningful(g.phenotype)
                ? phenotypeAnswer(g.gene, g.phenotype)
                : { text: `${g.gene} activity score ${g.activityScore ?? 'not given'}` },
            })),
            { code: CONCLUSION, valueString: reading.recommendation },
            // CPIC's population, as the IG's phenotypic treatment context (text: CPIC's own words, no code).
            ...(reading.population ? [{ code: TREATMENT_CONTEXT, valueCodeableConcept: { text: reading.population } }] : []),
            ...(reading.classification
              ? [{ code: { text: "CPIC's classification of the recommendation" }, valueCodeableConcept: { text: reading.classification } }]
              : []),
            { code: { text: "The portal's reading of CPIC's text (decision 021)" }, valueCodeableConcept: { text: PGX_TIER_LABELS[reading.tier] } },
            ...(reading.cpicLevel
              ? [{ code: EVIDENCE_LEVEL, valueCodeableConcept: { text: `CPIC level ${reading.cpicLevel}${reading.levelInferred ? ' (inferred)' : ''}` } }]
              : []),
          ],
          derivedFrom: derivedFrom.map((o) => ref(o)),
          ...(notes.length ? { note: notes.map((text) => ({ text })) } : {}),
        };
        resources.push({ id, resource });
        observations.push(id);
        implications.push({ drug: verdict.drug, tier: reading.tier });
      }
    }
    const avoid = [...new Set(implications.filter((x) => x.tier === 'avoid').map((x) => x.drug))];
    const adjust = [...new Set(implications.filter((x) => x.tier === 'adjust').map((x) => x.drug))];
    const notCalledText = notCalled.length
      ? `Genes not called (no result, so no implication is drawn from them): ${notCalled.join('; ')}.`
      : 'Every gene of the panel was called.';
    addReport(
      'pharmacogenomic',
      'Pharmacogenomic report',
      effective,
      observations,
      [
        `Gene calls ${pgx.pharmcatVersion ? `by PharmCAT ${pgx.pharmcatVersion}` : 'as imported'}; recommendations read against ${pgx.knowledgeBase}.`,
        `${new Set(implications.map((x) => x.drug)).size} drugs with a CPIC recommendation for this patient.`,
        avoid.length ? `Avoid, or use an alternative: ${avoid.join(', ')}.` : null,
        adjust.length ? `Change the dose, monitor, or take CPIC's precaution: ${adjust.join(', ')}.` : null,
        notCalledText,
      ]
        .filter(Boolean)
        .join(' '),
      {
        extension: [
          {
            url: `${IG}/StructureDefinition/genomic-report-note`,
            valueAnnotation: { text: notCalledText },
          },
        ],
      },
    );
  }

  return schemaStrings({
    resourceType: 'Bundle',
    id: uuidOf(src.sessionId, 'bundle', src.generatedAt.toISOString()),
    ...meta,
    identifier: { system: `${src.portalUrl}/fhir/session`, value: src.sessionId },
    type: 'collection',
    timestamp: src.generatedAt.toISOString(),
    entry: resources.map((r) => ({ fullUrl: urn(r.id), resource: r.resource })),
  } satisfies Bundle);
}
