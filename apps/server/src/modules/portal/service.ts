import type { PractitionerMe } from '@portal/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { findUserById, hasAcceptedLatest } from '../account/repository';
import * as repo from './repository';

/** The caller's practitioner profile; 404 when they have none yet (the portal then onboards them). */
export async function getPractitionerMe(ctx: AppContext, userId: string): Promise<PractitionerMe> {
  const { db } = ctx.database;
  const p = await repo.findPractitionerByUser(db, userId);
  if (!p) throw notFound();
  const [lookups, category, tosAccepted, user] = await Promise.all([
    repo.practitionerLookups(db, p.id),
    p.categoryId === null ? null : repo.findCategory(db, p.categoryId),
    hasAcceptedLatest(db, userId, 'portal'),
    findUserById(db, userId),
  ]);
  return {
    id: p.id,
    status: p.status as PractitionerMe['status'],
    categoryID: p.categoryId,
    category: category ?? null,
    warehouseID: p.warehouseId,
    tosAccepted,
    languages: lookups.languages,
    specializations: lookups.specializations,
    hpcsaNumber: p.hpcsaNumber,
    practiceNumber: p.practiceNumber,
    description: p.description,
    profileImage: user?.profileImage ?? null,
  };
}

export async function getCategory(ctx: AppContext, id: number) {
  const row = await repo.findCategory(ctx.database.db, id);
  if (!row) throw notFound();
  return row;
}
