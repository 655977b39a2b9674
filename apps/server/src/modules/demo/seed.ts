import { hash } from '@node-rs/argon2';
import { count, sql } from 'drizzle-orm';
import { PractitionerStatus } from '@portal/contract';
import type { Db } from '../../db/client';
import { seedDemoCommerce } from './demo-commerce';
import { seedDemoPractice } from './demo-practice';
import { seedDemoSessions } from './demo-sessions';
import { practitionerLanguages, practitioners, practitionerSpecializations, tosAcceptances, tosDocuments, users } from '../../db/schema';

export const DEMO_PASSWORD = 'Demo-portal-1';

export const DEMO_ACCOUNTS = [
  { email: 'ada.lovelace@demo.test', description: 'accepted General Practitioner, terms accepted' },
  { email: 'ben.carter@demo.test', description: 'registered practice, awaiting review' },
  { email: 'new.user@demo.test', description: 'account only, terms not yet accepted, no practitioner profile' },
] as const;

/** True when the database has no users yet: the first start seeds the demo. */
export async function isEmpty(db: Db) {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0) === 0;
}

/**
 * The demo accounts (synthetic people, labelled as demo in their practice description).
 * Idempotent: an account that exists is left as it is.
 */
export async function seedDemo(db: Db) {
  const passwordHash = await hash(DEMO_PASSWORD);
  const upsertUser = async (u: { email: string; firstName: string; lastName: string; phoneNumber: string }) => {
    await db
      .insert(users)
      .values({ ...u, passwordHash, role: 'practitioner' })
      .onConflictDoNothing();
    const row = await db.query.users.findFirst({ where: sql`lower(${users.email}) = ${u.email}` });
    return row!;
  };
  const acceptAllTerms = async (userId: string) => {
    const docs = await db.execute<{ id: number }>(sql`select distinct on (kind) id from ${tosDocuments} order by kind, version desc`);
    const ids = ((docs as { rows?: { id: number }[] }).rows ?? []).map((d) => d.id);
    if (ids.length)
      await db
        .insert(tosAcceptances)
        .values(ids.map((tosDocumentId) => ({ userId, tosDocumentId })))
        .onConflictDoNothing();
  };

  const ada = await upsertUser({ email: 'ada.lovelace@demo.test', firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '+27215550101' });
  await acceptAllTerms(ada.id);
  const [adaP] = await db
    .insert(practitioners)
    .values({
      userId: ada.id,
      status: PractitionerStatus.ACCEPTED,
      categoryId: 2,
      hpcsaNumber: 'MP0000001',
      practiceNumber: '0000001',
      description: 'Demo practice (synthetic data): general practice with an interest in pharmacogenomics.',
    })
    .onConflictDoNothing()
    .returning();
  const adaPractice = adaP ?? (await db.query.practitioners.findFirst({ where: (t, { eq }) => eq(t.userId, ada.id) }))!;
  await seedDemoSessions(db, adaPractice.id, passwordHash);
  if (adaP) {
    await db
      .insert(practitionerLanguages)
      .values([
        { practitionerId: adaP.id, languageId: 2 },
        { practitionerId: adaP.id, languageId: 1 },
      ])
      .onConflictDoNothing();
    await db
      .insert(practitionerSpecializations)
      .values([
        { practitionerId: adaP.id, specializationId: 1 },
        { practitionerId: adaP.id, specializationId: 8 },
      ])
      .onConflictDoNothing();
  }

  const ben = await upsertUser({ email: 'ben.carter@demo.test', firstName: 'Ben', lastName: 'Carter', phoneNumber: '+27215550102' });
  await acceptAllTerms(ben.id);
  await db
    .insert(practitioners)
    .values({
      userId: ben.id,
      status: PractitionerStatus.CREATED,
      categoryId: 3,
      hpcsaNumber: 'DT0000002',
      practiceNumber: '0000002',
      description: 'Demo practice (synthetic data): nutrition practice awaiting review.',
    })
    .onConflictDoNothing();

  const benPractice = (await db.query.practitioners.findFirst({ where: (t, { eq }) => eq(t.userId, ben.id) }))!;
  await seedDemoPractice(db, { ada: adaPractice.id, ben: benPractice.id });
  await seedDemoCommerce(db, adaPractice.id);

  await upsertUser({ email: 'new.user@demo.test', firstName: 'New', lastName: 'User', phoneNumber: '+27215550103' });
}
