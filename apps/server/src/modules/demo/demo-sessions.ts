import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { computeResults, generateSyntheticGenotypeFile } from '../genetics';
import { importDemoCallSet } from './demo-pgx';
import { dataRequests, genotypeFiles, journalEntries, kits, questionnaireResponses, results, sessions, transactions, users } from '../../db/schema';

const DAY = 86_400_000;

interface DemoPatient {
  key: string;
  firstName: string;
  lastName: string;
  /** Session status: 1 requested, 2 accepted, 3 declined, 4 completed. */
  status: 1 | 2 | 3 | 4;
  dataRequest?: 'pending' | 'confirmed' | 'declined';
  kit?: 'assigned' | 'sample_received' | 'processing' | 'results_available';
  bookingInDays: number;
  createdDaysAgo: number;
  /** Journal note: a draft on an accepted session, the submitted note on a completed one. */
  journal?: string;
  /** Answers of the medicines questionnaire (id 4) other than everyone's. */
  medicines?: Record<string, string>;
}

/** Synthetic patients of the demo practice, one or more in every session status. */
export const DEMO_PATIENTS: DemoPatient[] = [
  {
    key: 'thandi.nkosi',
    firstName: 'Thandi',
    lastName: 'Nkosi',
    status: 2,
    dataRequest: 'confirmed',
    kit: 'results_available',
    bookingInDays: 2,
    createdDaysAgo: 9,
    journal: 'Draft (synthetic demo): vitamin D and calcium scores discussed; review the statin against the SLCO1B1 result before the next visit.',
  },
  // Accepted, data confirmed, results available: her sampled genotypes give Decreased components (vitamin D,
  // and vitamin A on a score shared by a quarter of the reference group), so SPEC §3's red level can be seen.
  {
    key: 'busisiwe.ndlovu',
    firstName: 'Busisiwe',
    lastName: 'Ndlovu',
    status: 2,
    dataRequest: 'confirmed',
    kit: 'results_available',
    bookingInDays: 4,
    createdDaysAgo: 5,
  },
  { key: 'pieter.vanwyk', firstName: 'Pieter', lastName: 'van Wyk', status: 2, dataRequest: 'pending', kit: 'processing', bookingInDays: 3, createdDaysAgo: 6 },
  { key: 'aisha.patel', firstName: 'Aisha', lastName: 'Patel', status: 2, kit: 'assigned', bookingInDays: 4, createdDaysAgo: 3 },
  { key: 'lerato.mokoena', firstName: 'Lerato', lastName: 'Mokoena', status: 1, bookingInDays: 2, createdDaysAgo: 1 },
  { key: 'sipho.dlamini', firstName: 'Sipho', lastName: 'Dlamini', status: 1, bookingInDays: 5, createdDaysAgo: 0 },
  { key: 'emma.botha', firstName: 'Emma', lastName: 'Botha', status: 3, bookingInDays: 1, createdDaysAgo: 12 },
  {
    key: 'johan.smit',
    firstName: 'Johan',
    lastName: 'Smit',
    status: 4,
    dataRequest: 'confirmed',
    kit: 'results_available',
    bookingInDays: -10,
    createdDaysAgo: 30,
    journal:
      'Synthetic demo note. We went through your nutrigenomic results together. Your magnesium score is in the average band; keep the magnesium-rich foods we discussed. Book a follow-up in three months.',
  },
  // Pharmacogenomics and current medicines: CYP2C19 IM taking clopidogrel, CYP2D6 NM taking paroxetine (a strong CYP2D6 inhibitor), HLA-B*58:01 positive.
  {
    key: 'nomsa.khumalo',
    firstName: 'Nomsa',
    lastName: 'Khumalo',
    status: 2,
    dataRequest: 'confirmed',
    kit: 'results_available',
    bookingInDays: 1,
    createdDaysAgo: 5,
    medicines: {
      medicines: 'Clopidogrel 75 mg daily (since a stent last year); paroxetine 20 mg in the morning',
      otc: 'Paracetamol for headaches',
      supplements: 'Omega-3',
    },
  },
];

const ANSWERS: Record<number, Record<string, string | string[]>> = {
  1: {
    conditions: ['High cholesterol'],
    family: ['Heart disease', 'Type 2 diabetes'],
    fatigue: 'Often',
    notes: 'Gets muscle aches since starting a cholesterol medicine.',
  },
  2: { pattern: 'Mixed diet', dairy: '1', vegetables: '3', redMeat: '1-3 times a week', salt: 'Sometimes' },
  3: { sleep: '6', activity: '2', sun: 'Under 15 minutes', alcohol: '4', smoking: 'Never' },
  4: { medicines: 'Simvastatin 40 mg at night; clopidogrel 75 mg daily', otc: 'Ibuprofen now and then', supplements: 'Vitamin D 1000 IU; magnesium' },
};

/**
 * A synthetic raw genotype file for a demo patient, sampled from the panel's published allele
 * frequencies (seeded by the patient's key, so the same file every time), and the results the
 * genetics module computes from it. Nothing is edited by hand: a patient meant to show a level is
 * given a key whose sample shows it (demo-sessions.test.ts holds that).
 */
export function demoResults(seed: string) {
  const file = generateSyntheticGenotypeFile(`demo:${seed}`);
  const swab = computeResults(file);
  return { file, title: swab.title, data: { swab }, engineVersion: swab.engineVersion };
}

/**
 * Sessions for the demo practitioner with synthetic patients in every status. Idempotent: a patient
 * who already has a session with this practitioner is skipped.
 */
export async function seedDemoSessions(db: Db, practitionerId: string, passwordHash: string) {
  for (const p of DEMO_PATIENTS) {
    const email = `${p.key}@demo.test`;
    await db
      .insert(users)
      .values({
        email,
        firstName: p.firstName,
        lastName: p.lastName,
        phoneNumber: '+27215559' + String(DEMO_PATIENTS.indexOf(p)).padStart(3, '0'),
        passwordHash,
        role: 'patient',
        synthetic: true,
      })
      .onConflictDoNothing();
    const patient = (await db.query.users.findFirst({ where: eq(users.email, email) }))!;
    const existing = await db.query.sessions.findFirst({ where: and(eq(sessions.patientId, patient.id), eq(sessions.practitionerId, practitionerId)) });
    if (existing) continue;

    const created = new Date(Date.now() - p.createdDaysAgo * DAY);
    const [session] = await db
      .insert(sessions)
      .values({
        patientId: patient.id,
        practitionerId,
        status: p.status,
        bookingTime: new Date(Date.now() + p.bookingInDays * DAY),
        createdAt: created,
        updatedAt: created,
        acceptedAt: p.status === 2 || p.status === 4 ? new Date(created.getTime() + DAY / 2) : null,
        declinedAt: p.status === 3 ? new Date(created.getTime() + DAY / 2) : null,
        completedAt: p.status === 4 ? new Date(created.getTime() + 5 * DAY) : null,
      })
      .returning();

    if (p.kit) {
      const [kit] = await db
        .insert(kits)
        .values({
          sampleLabel: `DEMO-${p.key.toUpperCase().replace(/\W/g, '').slice(0, 10)}`,
          practitionerId,
          patientId: patient.id,
          sessionId: session!.id,
          status: p.kit,
          collectionIds: [1, 2, 3],
        })
        .returning();
      if (p.kit === 'results_available') {
        const r = demoResults(p.key);
        await db.insert(genotypeFiles).values({ kitId: kit!.id, content: r.file, synthetic: true });
        await db.insert(results).values({ kitId: kit!.id, title: r.title, data: r.data, engineVersion: r.engineVersion });
      }
      await importDemoCallSet(db, p.key, kit!.id);
    }
    if (p.dataRequest) {
      const requestedAt = new Date(created.getTime() + DAY);
      const [dr] = await db
        .insert(dataRequests)
        .values({
          sessionId: session!.id,
          status: p.dataRequest,
          createdAt: requestedAt,
          answeredAt: p.dataRequest === 'pending' ? null : new Date(requestedAt.getTime() + DAY / 4),
        })
        .returning();
      await db.insert(transactions).values({
        practitionerId,
        kind: 'data_request_fee',
        description: 'Data-request fee',
        amountCents: -25000,
        currency: 'ZAR',
        sessionId: session!.id,
        dataRequestId: dr!.id,
        dueAt: new Date(requestedAt.getTime() + 14 * DAY),
        createdAt: requestedAt,
        paidAt: p.status === 4 ? new Date(requestedAt.getTime() + 7 * DAY) : null,
      });
    }
    if (p.journal) {
      const at = p.status === 4 ? new Date(created.getTime() + 5 * DAY) : new Date();
      await db.insert(journalEntries).values({
        sessionId: session!.id,
        practitionerId,
        description: p.journal,
        status: p.status === 4 ? 'Submitted' : 'Saved',
        createdAt: at,
        updatedAt: at,
        submittedAt: p.status === 4 ? at : null,
      });
    }
    if (p.dataRequest === 'confirmed') {
      for (const [id, answers] of Object.entries({ ...ANSWERS, ...(p.medicines ? { 4: p.medicines } : {}) })) {
        const complete = p.key !== 'johan.smit' || id !== '4';
        await db
          .insert(questionnaireResponses)
          .values({ patientId: patient.id, questionnaireId: Number(id), answers, completedAt: complete ? created : null })
          .onConflictDoNothing();
      }
    }
  }
}
