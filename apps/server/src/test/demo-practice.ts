import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { practitioners, sessions, users } from '../db/schema';
import { seedDemoSessions } from '../modules/demo/demo-sessions';
import { createUser, type Harness } from './harness';

/**
 * An accepted practitioner with the demo patients' sessions (Thandi Nkosi, Nomsa Khumalo, Busisiwe
 * Ndlovu and the others), as `npm start` seeds them: their auth headers and each session's id by the
 * patient's first name. Seeding computes every demo patient's genotype results: give the caller's
 * beforeAll a generous timeout.
 */
export async function demoPractice(h: Harness): Promise<{ auth: Record<string, string>; sessionOf: Record<string, string> }> {
  const doc = await createUser(h, { practitionerStatus: 2 });
  const [p] = await h.db.select().from(practitioners).where(eq(practitioners.userId, doc.user.id));
  await seedDemoSessions(h.db, p!.id, await hash('Demo-portal-1'));
  const rows = await h.db
    .select({ id: sessions.id, first: users.firstName })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.patientId))
    .where(eq(sessions.practitionerId, p!.id));
  return { auth: doc.auth, sessionOf: Object.fromEntries(rows.map((r) => [r.first, r.id])) };
}
