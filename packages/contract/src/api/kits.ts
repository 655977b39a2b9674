import { z } from 'zod';
import { IdParams, pageOf, zId } from '../common';
import { AssignKitBody, Consignment, KitListQuery, KitRow, zSampleLabel } from '../commerce';
import { defineEndpoint } from '../endpoint';
import { KitStatus } from '../sessions';

const tags = ['kits'];
const adminTags = ['admin'];

/** The practice's kits and their assignment to a session (SPEC §1). */
export const kitsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/portal/kits/',
    tags,
    summary: "The practice's kits (not those still in transit), in stock first, then by sample label; search on sample label or id prefix",
    query: KitListQuery,
    responses: { 200: pageOf(KitRow) },
  }),
  assign: defineEndpoint({
    method: 'PUT',
    path: '/api/portal/sessions/:id/kit',
    tags,
    summary: 'Hand an in-stock kit to the patient of an accepted session (a taken kit: 400416)',
    params: IdParams,
    body: AssignKitBody,
    responses: { 200: KitRow },
  }),
};

/** A raw genotype file the lab attaches: a whole 23andMe or AncestryDNA export (some 25 MB) fits. */
const GENOTYPE_FILE_MAX_CHARS = 40_000_000;

/** A kit after one of the lab's steps. */
const LabStep = z.object({ id: zId, sampleLabel: z.string(), status: KitStatus, sessionID: zId.nullable() });

/** The provider's side of kits, behind the admin token: send kits to a practice, move a kit through the lab's steps. */
export const kitAdminApi = {
  consign: defineEndpoint({
    method: 'POST',
    path: '/api/admin/consignments',
    tags: adminTags,
    summary: 'Send kits to a practice: a consignment to its primary warehouse (in transit until received), or straight into its stock when it has no warehouse',
    body: z.strictObject({
      practitionerEmail: z.email().max(254),
      count: z.number().int().min(1).max(500),
      collectionIds: z.array(z.number().int().min(1)).min(1).max(20).optional(),
    }),
    responses: {
      201: z.object({
        practitionerID: zId,
        consignment: Consignment.nullable(),
        kits: z.array(z.object({ id: zId, sampleLabel: z.string() })),
      }),
    },
  }),
  advance: defineEndpoint({
    method: 'POST',
    path: '/api/admin/kits/:sampleLabel/advance',
    tags: adminTags,
    summary: "The lab's next step for a kit: assigned → sample received → processing → results available (in stock cannot advance: 400414)",
    // The sample-label rule, not any string: a label with a NUL byte or other stray characters is a
    // 400 here, never a query the database refuses (a 500).
    params: z.strictObject({ sampleLabel: zSampleLabel }),
    responses: { 200: LabStep },
  }),
  results: defineEndpoint({
    method: 'POST',
    path: '/api/admin/kits/:sampleLabel/results',
    tags: adminTags,
    summary:
      "The lab's results step: attaches the kit's raw genotype file (23andMe-style: rsid, chromosome, position, genotype, or AncestryDNA's two allele columns), computes its results and makes them available, which notifies the practitioner once. The kit must be processing (else 400414); a file with bad lines is refused (400400) with each line named in fieldErrors.file",
    params: z.strictObject({ sampleLabel: zSampleLabel }),
    body: z.strictObject({ genotypes: z.string().min(1).max(GENOTYPE_FILE_MAX_CHARS) }),
    responses: { 200: LabStep.extend({ genotypes: z.number().int().describe('data lines read from the file') }) },
  }),
};
