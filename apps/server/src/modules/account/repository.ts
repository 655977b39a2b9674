import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { collections, invites, tosAcceptances, tosDocuments, users } from '../../db/schema';

export type TosKind = 'account' | 'portal';

export async function latestTos(db: Db, kind: TosKind) {
  const [row] = await db.select().from(tosDocuments).where(eq(tosDocuments.kind, kind)).orderBy(desc(tosDocuments.version)).limit(1);
  return row ?? null;
}

/** Whether the user accepted the latest terms of a kind: a new version makes it false again. */
export async function hasAcceptedLatest(db: Db, userId: string, kind: TosKind): Promise<boolean> {
  const rows = await db.execute(sql`
    select exists (
      select 1 from ${tosAcceptances} a
      where a.user_id = ${userId}
        and a.tos_document_id = (select id from ${tosDocuments} where kind = ${kind} order by version desc limit 1)
    ) as accepted`);
  return Boolean(rowsOf<{ accepted: boolean }>(rows)[0]?.accepted);
}

export async function ensureTosDocument(db: Db, kind: TosKind, version: number, title: string) {
  await db.insert(tosDocuments).values({ kind, version, title }).onConflictDoNothing();
}

export async function acceptTos(db: Db, userId: string, tosDocumentId: number) {
  await db.insert(tosAcceptances).values({ userId, tosDocumentId }).onConflictDoNothing();
}

export const findUserById = (db: Db, id: string) => db.query.users.findFirst({ where: eq(users.id, id) });
export const findUserByEmail = (db: Db, email: string) => db.query.users.findFirst({ where: sql`lower(${users.email}) = lower(${email})` });

export async function updateUser(db: Db, id: string, patch: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'phoneNumber'>>) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** The users a caller may look up: themselves, and the patients of their own practice's sessions. */
const visibleTo = (callerId: string) =>
  or(
    eq(users.id, callerId),
    sql`${users.id} in (select s.patient_id from sessions s join practitioners p on p.id = s.practitioner_id where p.user_id = ${callerId})`,
  )!;

export async function queryVisibleUsers(db: Db, callerId: string, q: { search?: string; limit: number; offset: number }) {
  const visible = visibleTo(callerId);
  const term = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = term ? and(visible, or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(users.email, term))) : visible;
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(users.lastName, users.firstName, users.id).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

export async function findVisibleUser(db: Db, callerId: string, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), visibleTo(callerId)))
    .limit(1);
  return row;
}

export const listCollections = (db: Db) => db.select().from(collections).orderBy(collections.id);

export async function insertInvite(db: Db | Tx, values: typeof invites.$inferInsert) {
  const [row] = await db.insert(invites).values(values).returning();
  return row!;
}

/**
 * The invites sent since `since` by one account and to one address (any sender), counted under two
 * transaction locks (the sender's and the address's), so concurrent invites cannot all pass a count
 * made before either was written. The oldest of each tells when the window frees a place.
 */
export async function lockAndCountInvites(tx: Tx, inviterId: string, email: string, since: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invite-sender:${inviterId}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invite-address:${email}`}))`);
  const [row] = rowsOf<{ bySender: number; toAddress: number; senderOldest: Date | string | null; addressOldest: Date | string | null }>(
    await tx.execute(sql`
      select count(*) filter (where inviter_id = ${inviterId})::int as "bySender",
        count(*) filter (where lower(email) = ${email})::int as "toAddress",
        min(created_at) filter (where inviter_id = ${inviterId}) as "senderOldest",
        min(created_at) filter (where lower(email) = ${email}) as "addressOldest"
      from ${invites}
      where created_at > ${since} and (inviter_id = ${inviterId} or lower(email) = ${email})`),
  );
  const date = (v: Date | string | null | undefined) => (v ? new Date(v) : null);
  return { bySender: row?.bySender ?? 0, toAddress: row?.toAddress ?? 0, senderOldest: date(row?.senderOldest), addressOldest: date(row?.addressOldest) };
}

export const listInvites = (db: Db, inviterId: string) =>
  db.select().from(invites).where(eq(invites.inviterId, inviterId)).orderBy(desc(invites.createdAt)).limit(100);

export const findInviteByTokenHash = (db: Db, tokenHash: string) => db.query.invites.findFirst({ where: eq(invites.tokenHash, tokenHash) });

/** Accepts a pending invite once: the conditional update decides between concurrent confirmations. */
export async function markInviteAccepted(db: Db, id: string, userId: string) {
  const rows = await db
    .update(invites)
    .set({ status: 'accepted', acceptedBy: userId, acceptedAt: new Date() })
    .where(and(eq(invites.id, id), eq(invites.status, 'pending')))
    .returning({ id: invites.id });
  return rows.length === 1;
}
