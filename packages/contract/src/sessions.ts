import { z } from 'zod';
import { PGX_TIERS } from './pgx-texts';
import { User } from './account';
import { zId } from './common';
import { LIMITS } from './enums';
import { KIT_STATUSES } from './kit-words';

export * from './kit-words';

export const SessionStatusValue = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** SPEC §3 'Session user': the user's fields without tosAccepted, and whether it is a synthetic demo patient. */
export const SessionUser = User.omit({ tosAccepted: true }).extend({ synthetic: z.boolean() });
export type SessionUser = z.infer<typeof SessionUser>;

export const DataRequestStatus = z.enum(['pending', 'confirmed', 'declined']);
export type DataRequestStatus = z.infer<typeof DataRequestStatus>;
export const DataRequest = z.object({ id: zId, status: DataRequestStatus, createdAt: z.string(), answeredAt: z.string().nullable() });
export type DataRequest = z.infer<typeof DataRequest>;

/** One row of an access history: the session's (practitioner) or the patient's own (patient app). */
export const AuditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  category: z.string(),
  outcome: z.string(),
  sourceIp: z.string().nullable(),
  actor: z.string(),
  sessionID: zId.nullable(),
  detail: z.string().nullable(),
});

export const KitStatus = z.enum(KIT_STATUSES);
export type KitStatus = z.infer<typeof KitStatus>;
export const Kit = z.object({
  id: zId,
  sampleLabel: z.string(),
  status: KitStatus,
  collections: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      /**
       * Whether this collection's results are in (the nutrigenomic scores, the pharmacogenomic report):
       * a kit whose status is 'Results available' may still await the lab for one of its collections.
       * Null where it does not apply (the questionnaire) or while the patient's data is not accessible.
       */
      resultsReady: z.boolean().nullable(),
    }),
  ),
});
export type Kit = z.infer<typeof Kit>;

/** A row of the sessions list. */
export const SessionSummary = z.object({
  id: zId,
  status: SessionStatusValue,
  bookingTime: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  userID: zId,
  user: SessionUser,
  kitID: zId.nullable(),
  requestedByPractitioner: z.boolean(),
  rescheduledByPractitioner: z.boolean(),
  dataRequest: DataRequest.nullable(),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

export const SessionListQuery = z.strictObject({
  status: z.coerce.number().int().min(1).max(4).optional(),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type SessionListQuery = z.infer<typeof SessionListQuery>;

/** The tab counts follow the list's search, so a name found under another tab says where it is. */
export const SessionCountsQuery = z.strictObject({ search: z.string().trim().max(100).optional() });

export const SessionCounts = z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int() });
export type SessionCounts = z.infer<typeof SessionCounts>;

export const Readiness = z.object({
  kitStatus: KitStatus.nullable(),
  resultsAvailable: z.boolean(),
  questionnairesCompleted: z.number().int(),
  questionnairesTotal: z.number().int(),
  /** Results, questionnaires and reports open only while accepted with a confirmed data request. */
  dataAccessible: z.boolean(),
  /**
   * A current pharmacogenomic report the practitioner may read. Without one no medicine has been
   * checked against the genotype, which the Overview says rather than show no medicine highlight.
   */
  pharmacogenomicReport: z.boolean(),
});

export const Highlight = z.object({
  /**
   * 'medicine': a medicine the patient takes, as its drug verdict reads; 'pharmacogene': a finding and
   * the drugs whose advice it changes; 'phenoconversion': a medicine that inhibits or induces an enzyme,
   * with the drugs it concerns; 'medicines': the medicines taken that need no gene-based change, or
   * that were not recognised; 'component': a nutrigenomic score.
   */
  kind: z.enum(['medicine', 'pharmacogene', 'phenoconversion', 'medicines', 'component']),
  /** The drug verdicts' tier the line sorts and is worded by (pharmacogenomic lines only). */
  tier: z.enum(PGX_TIERS).nullable(),
  title: z.string(),
  level: z.string(),
  resultID: zId.nullable(),
  componentID: z.string().nullable(),
  /** The report rows it rests on: the quick view's name filter, and whether to show the medicines taken now only. */
  report: z.object({ name: z.string(), taking: z.boolean() }).nullable(),
  /** A nutrigenomic score whose shared percentiles straddle a category cut-off: said beside its colour. */
  caveat: z.string().optional(),
});
export type Highlight = z.infer<typeof Highlight>;

/** SPEC §3 'Session' with what the Overview shows. */
export const SessionDetail = SessionSummary.extend({
  practitionerID: zId,
  kit: Kit.nullable(),
  readiness: Readiness,
  highlights: z.array(Highlight),
  results: z.array(z.object({ id: zId, title: z.string(), computedAt: z.string() })),
  questionnaires: z.array(z.object({ id: z.number().int(), category: z.string(), completed: z.boolean() })),
  /** What a data request costs the practice and when it is due (SPEC §9), named before the request is made. */
  dataRequestFee: z.object({ amountCents: z.number().int(), currency: z.string(), dueDays: z.number().int() }),
});
export type SessionDetail = z.infer<typeof SessionDetail>;

export const RequestSessionBody = z.strictObject({
  practitionerId: zId,
  bookingTime: z.iso.datetime({ offset: true }),
});

/** SPEC §5 and §9: a booking is at least 1 and at most 7 days from now. */
export function isBookingTimeAllowed(bookingTime: Date, now = new Date()): boolean {
  const day = 86_400_000;
  const delta = bookingTime.getTime() - now.getTime();
  return delta >= LIMITS.bookingMinDays * day && delta <= LIMITS.bookingMaxDays * day;
}

export const ListedPractitioner = z.object({
  id: zId,
  firstName: z.string(),
  lastName: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  languages: z.array(z.string()),
  specializations: z.array(z.string()),
});
