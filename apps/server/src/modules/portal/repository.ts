import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { languages, practitionerCategories, practitionerLanguages, practitioners, practitionerSpecializations, specializations } from '../../db/schema';

export const findPractitionerByUser = (db: Db, userId: string) => db.query.practitioners.findFirst({ where: eq(practitioners.userId, userId) });

export const listCategories = (db: Db) => db.select().from(practitionerCategories).orderBy(asc(practitionerCategories.id));
export const findCategory = (db: Db, id: number) => db.query.practitionerCategories.findFirst({ where: eq(practitionerCategories.id, id) });
export const listLanguages = (db: Db) => db.select().from(languages).orderBy(asc(languages.name));
export const listSpecializations = (db: Db) => db.select().from(specializations).orderBy(asc(specializations.name));

export async function practitionerLookups(db: Db, practitionerId: string) {
  const [langs, specs] = await Promise.all([
    db
      .select({ id: languages.id, name: languages.name })
      .from(practitionerLanguages)
      .innerJoin(languages, eq(languages.id, practitionerLanguages.languageId))
      .where(eq(practitionerLanguages.practitionerId, practitionerId))
      .orderBy(asc(languages.name)),
    db
      .select({ id: specializations.id, name: specializations.name })
      .from(practitionerSpecializations)
      .innerJoin(specializations, eq(specializations.id, practitionerSpecializations.specializationId))
      .where(eq(practitionerSpecializations.practitionerId, practitionerId))
      .orderBy(asc(specializations.name)),
  ]);
  return { languages: langs, specializations: specs };
}
