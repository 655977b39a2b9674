import { createHash } from 'node:crypto';
import type { Bundle, CodeableConcept, DiagnosticReport, Observation, ObservationComponent, Patient, Reference, Resource } from '@medplum/fhirtypes';
import type { ResultComponent } from '@portal/contract';
import type { GeneCall } from '../pharmacogenomics/service';

/*
 * A session's results as a FHIR R4 Bundle (decision 012). Codes come from the HL7 Genomics
 * Reporting IG where it defines them (LOINC); everything it does not define is carried as text,
 * never as an invented code.
 */

const LOINC = 'http://loinc.org';
const loinc = (code: string, display: string, text?: string): CodeableConcept => ({ coding: [{ system: LOINC, code, display }], ...(text ? { text } : {}) });

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
/** IG: a genomic finding's effect on drug metabolism, with its metabolizer answers (value set genetic-therapeutic-implications-vs). */
const EFFECT_ON_METABOLISM = (text: string) => loinc('53040-2', "Genetic variation's effect on drug metabolism", text);
const METABOLIZER_ANSWERS: Record<string, { code: string; display: string }> = {
  'ultrarapid metabolizer': { code: 'LA10315-2', display: 'Ultrarapid metabolizer' },
  'rapid metabolizer': { code: 'LA25390-8', display: 'Rapid metabolizer' },
  'normal metabolizer': { code: 'LA25391-6', display: 'Normal metabolizer' },
  'intermediate metabolizer': { code: 'LA10317-8', display: 'Intermediate metabolizer' },
  'poor metabolizer': { code: 'LA9657-3', display: 'Poor metabolizer' },
};
/** HL7 v3 ActReason HTEST: test health data, on every resource of a synthetic demo patient. */
const TEST_DATA = { system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason', code: 'HTEST', display: 'test health data' };

export interface FhirSource {
  portalUrl: string;
  sessionId: string;
  patient: { id: string; firstName: string; lastName: string; synthetic: boolean };
  kit: { id: string; sampleLabel: string } | null;
  nutrigenomic: Array<{ id: string; title: string; computedAt: Date; engineVersion: string; components: ResultComponent[] }>;
  pharmacogenomic: { builtAt: Date; knowledgeBase: string; pharmcatVersion: string | null; calls: GeneCall[] } | null;
  generatedAt: Date;
}

/** A stable uuid for one resource of one session's export, so importing it twice updates rather than duplicates. */
function uuidOf(...parts: string[]) {
  const h = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}
const urn = (id: string) => `urn:uuid:${id}`;
const ref = <T extends Resource>(id: string, display?: string): Reference<T> => ({ reference: urn(id), ...(display ? { display } : {}) });
const geneStudied = (gene: string): ObservationComponent => ({ code: GENE_STUDIED, valueCodeableConcept: { text: gene } });
/** Calls that name something: not the 'not called' and 'no result' placeholders. */
const meaningful = (s: string | null | undefined): s is string => Boolean(s && s.trim() && !/^(n\/a|no result|unknown|unknown\/unknown)$/i.test(s.trim()));

export function buildBundle(src: FhirSource): Bundle {
  const meta = src.patient.synthetic ? { meta: { security: [TEST_DATA] } } : {};
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
      ...meta,
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
        ...c.genes.map(geneStudied),
      ];
      const observation: Observation = {
        resourceType: 'Observation',
        id,
        ...meta,
        status: 'final',
        category: [LABORATORY],
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
  if (pgx) {
    const effective = pgx.builtAt.toISOString();
    const observations: string[] = [];
    for (const call of pgx.calls) {
      if (call.source === 'NONE' || !meaningful(call.diplotype)) continue;
      const haplotypes: string[] = [];
      for (const [i, allele] of [call.allele1, call.allele2].entries()) {
        if (!meaningful(allele)) continue;
        const id = uuidOf(src.sessionId, 'pgx', call.gene, 'haplotype', String(i));
        resources.push({
          id,
          resource: {
            resourceType: 'Observation',
            id,
            ...meta,
            status: 'final',
            category: [LABORATORY],
            code: HAPLOTYPE,
            subject,
            effectiveDateTime: effective,
            valueCodeableConcept: { text: `${call.gene} ${allele}` },
            component: [geneStudied(call.gene)],
          },
        });
        haplotypes.push(id);
      }
      const genotypeId = uuidOf(src.sessionId, 'pgx', call.gene, 'genotype');
      resources.push({
        id: genotypeId,
        resource: {
          resourceType: 'Observation',
          id: genotypeId,
          ...meta,
          status: 'final',
          category: [LABORATORY],
          code: GENOTYPE,
          subject,
          effectiveDateTime: effective,
          valueCodeableConcept: { text: `${call.gene} ${call.diplotype}` },
          method: { text: call.source === 'OUTSIDE' ? "The lab's outside call" : `PharmCAT ${pgx.pharmcatVersion ?? ''}`.trim() },
          component: [geneStudied(call.gene)],
          ...(haplotypes.length ? { derivedFrom: haplotypes.map((id) => ref(id)) } : {}),
        },
      });
      observations.push(genotypeId);
      if (!meaningful(call.phenotype)) continue;
      const phenotypeId = uuidOf(src.sessionId, 'pgx', call.gene, 'phenotype');
      const answer = METABOLIZER_ANSWERS[call.phenotype.trim().toLowerCase()];
      const metabolizer = /metabolizer$/i.test(call.phenotype.trim());
      resources.push({
        id: phenotypeId,
        resource: {
          resourceType: 'Observation',
          id: phenotypeId,
          ...meta,
          status: 'final',
          category: [LABORATORY],
          // The IG's code for a metabolizer status; another phenotype (transporter function, HLA allele status) has none.
          code: metabolizer ? EFFECT_ON_METABOLISM(`${call.gene} phenotype`) : { text: `${call.gene} phenotype` },
          subject,
          effectiveDateTime: effective,
          valueCodeableConcept: answer ? { coding: [{ system: LOINC, ...answer }], text: call.phenotype } : { text: call.phenotype },
          component: [
            geneStudied(call.gene),
            ...(meaningful(call.activityScore) ? [{ code: { text: 'Activity score' }, valueString: call.activityScore }] : []),
          ],
          derivedFrom: [ref(genotypeId)],
        },
      });
      observations.push(phenotypeId);
    }
    addReport(
      'pharmacogenomic',
      'Pharmacogenomic report',
      effective,
      observations,
      `Gene calls ${pgx.pharmcatVersion ? `by PharmCAT ${pgx.pharmcatVersion}` : 'as imported'}; recommendations read against ${pgx.knowledgeBase}. The drug recommendations are in the portal's report.`,
    );
  }

  return {
    resourceType: 'Bundle',
    id: uuidOf(src.sessionId, 'bundle', src.generatedAt.toISOString()),
    ...meta,
    identifier: { system: `${src.portalUrl}/fhir/session`, value: src.sessionId },
    type: 'collection',
    timestamp: src.generatedAt.toISOString(),
    entry: resources.map((r) => ({ fullUrl: urn(r.id), resource: r.resource })),
  };
}
