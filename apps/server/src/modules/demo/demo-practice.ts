import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentDetails, practitionerAddresses, practitionerAvailability } from '../../db/schema';
import { seedDemoCourse } from '../course/service';

/**
 * The demo practices' addresses, availability, payment details and course state. Idempotent: a
 * practice that already has rows of a kind keeps them. Ada has passed the course's test (she is
 * listed for patients); Ben has read the first lessons and not taken the test.
 */
export async function seedDemoPractice(db: Db, practices: { ada: string; ben: string }) {
  const empty = async (table: typeof practitionerAddresses | typeof practitionerAvailability | typeof paymentDetails, id: string) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.practitionerId, id)).limit(1)).length === 0;

  const addresses = [
    {
      practitionerId: practices.ada,
      streetAddress: '12 Demo Street (synthetic)',
      suburb: 'Gardens',
      city: 'Cape Town',
      state: 'Western Cape',
      postalCode: '8001',
      countryCode: 'ZA',
      primary: true,
    },
    {
      practitionerId: practices.ben,
      streetAddress: '7 Example Avenue (synthetic)',
      suburb: 'Rosebank',
      city: 'Johannesburg',
      state: 'Gauteng',
      postalCode: '2196',
      countryCode: 'ZA',
      primary: true,
    },
  ];
  for (const a of addresses) if (await empty(practitionerAddresses, a.practitionerId)) await db.insert(practitionerAddresses).values(a);

  const weekdays = [1, 2, 3, 4, 5];
  for (const id of [practices.ada, practices.ben]) {
    if (!(await empty(practitionerAvailability, id))) continue;
    await db
      .insert(practitionerAvailability)
      .values([
        ...weekdays.map((dayOfWeek) => ({ practitionerId: id, dayOfWeek, startTime: '08:00', endTime: '12:00' })),
        ...weekdays.slice(0, 4).map((dayOfWeek) => ({ practitionerId: id, dayOfWeek, startTime: '13:00', endTime: '16:30' })),
      ]);
  }

  // The portal's own rule (decision 007): a practice's first payment method is its default.
  if (await empty(paymentDetails, practices.ada)) {
    await db.insert(paymentDetails).values({ practitionerId: practices.ada, type: 2, identifier: 'ada.lovelace@demo.test', currency: 'ZAR', isDefault: true });
  }
  // A demo database seeded before that rule holds Ada's method with no default: the oldest becomes it.
  const defaults = await db
    .select({ id: paymentDetails.id })
    .from(paymentDetails)
    .where(and(eq(paymentDetails.practitionerId, practices.ada), eq(paymentDetails.isDefault, true)));
  if (defaults.length === 0) {
    const [oldest] = await db
      .select({ id: paymentDetails.id })
      .from(paymentDetails)
      .where(eq(paymentDetails.practitionerId, practices.ada))
      .orderBy(asc(paymentDetails.createdAt))
      .limit(1);
    if (oldest) await db.update(paymentDetails).set({ isDefault: true, updatedAt: new Date() }).where(eq(paymentDetails.id, oldest.id));
  }

  await seedDemoCourse(db, practices.ada, { passed: true });
  await seedDemoCourse(db, practices.ben, { passed: false, lessons: 2 });
}
