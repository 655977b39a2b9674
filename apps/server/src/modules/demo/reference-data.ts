import { PRACTITIONER_CATEGORIES } from '@portal/contract';
import type { AppContext } from '../../context';
import { collections, languages, practitionerCategories, questionnaires, specializations } from '../../db/schema';
import { ensureTosVersions } from '../account/service';
import { QUESTIONNAIRES } from '../../db/questionnaires';

/** South Africa's official languages, which patients of the provider speak. */
const LANGUAGES = [
  'Afrikaans',
  'English',
  'isiNdebele',
  'isiXhosa',
  'isiZulu',
  'Sepedi',
  'Sesotho',
  'Setswana',
  'siSwati',
  'South African Sign Language',
  'Tshivenda',
  'Xitsonga',
];

const SPECIALIZATIONS = [
  'Pharmacogenomics',
  'Nutrigenomics',
  'Weight management',
  'Sports nutrition',
  'Cardiometabolic health',
  'Mental health',
  "Women's health",
  'Family medicine',
  'Chronic disease management',
  'Paediatrics',
];

const COLLECTIONS = [
  { id: 1, name: 'Nutrigenomics', description: 'Cheek swab for vitamin and mineral genetic scores' },
  { id: 2, name: 'Pharmacogenomics', description: 'Cheek swab for drug-gene (CPIC) reports' },
  { id: 3, name: 'Health questionnaire', description: 'Lifestyle, medicines and supplements questionnaire in the patient app' },
];

/** Lookup lists and terms versions every installation needs; safe to run at every start. */
export async function ensureReferenceData(ctx: Pick<AppContext, 'database'>) {
  const { db } = ctx.database;
  await db
    .insert(practitionerCategories)
    .values([...PRACTITIONER_CATEGORIES])
    .onConflictDoNothing();
  await db
    .insert(languages)
    .values(LANGUAGES.map((name, i) => ({ id: i + 1, name })))
    .onConflictDoNothing();
  await db
    .insert(specializations)
    .values(SPECIALIZATIONS.map((name, i) => ({ id: i + 1, name })))
    .onConflictDoNothing();
  await db.insert(collections).values(COLLECTIONS).onConflictDoNothing();
  await db.insert(questionnaires).values(QUESTIONNAIRES).onConflictDoNothing();
  await ensureTosVersions(ctx);
}
