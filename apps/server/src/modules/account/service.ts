import { ErrorCode, inertText, MESSAGES, normaliseEmail, type Invite, type PublicUser, type Tos, type User } from '@portal/contract';
import { LEGAL_DOCUMENTS, type LegalSlug } from '@portal/contract/legal';
import type { AppContext } from '../../context';
import type { users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { hashToken, randomToken } from '../auth/service';
import { AnalyticsEvent } from '../analytics/service';
import * as repo from './repository';
import { composeMail, type MailLine } from '../mail/service';

// Reads other modules make of users and terms, as the repository answers them.
export { findUserByEmail, findUserById, hasAcceptedLatest } from './repository';

type UserRow = typeof users.$inferSelect;

const TOS_SLUG: Record<repo.TosKind, LegalSlug> = { account: 'terms-and-conditions', portal: 'portal-terms-and-conditions' };
const INVITE_DAYS = 14;

export function toUser(row: UserRow, tosAccepted: boolean): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    profileImage: row.profileImage,
    isActive: row.isActive,
    tosAccepted,
  };
}

export const toPublicUser = (row: UserRow): PublicUser => ({ id: row.id, firstName: row.firstName, lastName: row.lastName, profileImage: row.profileImage });

export async function getMe(ctx: AppContext, userId: string): Promise<User> {
  const { db } = ctx.database;
  const row = await repo.findUserById(db, userId);
  if (!row) throw notFound();
  return toUser(row, await repo.hasAcceptedLatest(db, userId, 'account'));
}

export async function updateMe(ctx: AppContext, userId: string, patch: Parameters<typeof repo.updateUser>[2]): Promise<User> {
  const row = await repo.updateUser(ctx.database.db, userId, patch);
  if (!row) throw notFound();
  return toUser(row, await repo.hasAcceptedLatest(ctx.database.db, userId, 'account'));
}

/** The address of a terms document's PDF, as `tosURI` carries it. */
export function tosUri(ctx: AppContext, kind: repo.TosKind, version: number) {
  return `${ctx.env.apiBase}/legal/${TOS_SLUG[kind]}/v${version}.pdf`;
}

export async function latestTos(ctx: AppContext, kind: repo.TosKind): Promise<Tos> {
  const row = await repo.latestTos(ctx.database.db, kind);
  if (!row) throw new AppError(500, ErrorCode.FETCH);
  return { id: row.id, version: row.version, title: row.title, tosURI: tosUri(ctx, kind, row.version), publishedAt: row.publishedAt.toISOString() };
}

export async function acceptLatestTos(ctx: AppContext, userId: string, kind: repo.TosKind) {
  const row = await repo.latestTos(ctx.database.db, kind);
  if (!row) throw new AppError(500, ErrorCode.FETCH);
  await repo.acceptTos(ctx.database.db, userId, row.id);
  await ctx.analytics.track(AnalyticsEvent.TERMS_ACCEPTED, userId, { kind, version: row.version });
  return { tosAccepted: true as const, version: row.version };
}

/** Makes sure the database knows the current version of each terms document. */
export async function ensureTosVersions(ctx: Pick<AppContext, 'database'>) {
  for (const kind of ['account', 'portal'] as const) {
    const doc = LEGAL_DOCUMENTS[TOS_SLUG[kind]];
    await repo.ensureTosDocument(ctx.database.db, kind, doc.version, doc.title);
  }
}

export async function getVisibleUser(ctx: AppContext, callerId: string, id: string): Promise<PublicUser> {
  const row = await repo.findVisibleUser(ctx.database.db, callerId, id);
  if (!row) throw notFound();
  return toPublicUser(row);
}

export async function queryUsers(ctx: AppContext, callerId: string, q: { search?: string; limit: number; offset: number }) {
  const { rows, count } = await repo.queryVisibleUsers(ctx.database.db, callerId, q);
  return { results: rows.map(toPublicUser), count, limit: q.limit, offset: q.offset };
}

const toInvite = (row: Awaited<ReturnType<typeof repo.insertInvite>>): Invite => ({
  id: row.id,
  email: row.email,
  kind: row.kind as Invite['kind'],
  status: row.status as Invite['status'],
  createdAt: row.createdAt.toISOString(),
});

/** Invites one account may send in an hour, and one address may receive in an hour from anyone (decision 023). */
export const INVITES_PER_SENDER_HOUR = 5;
export const INVITES_PER_ADDRESS_HOUR = 2;
const HOUR_MS = 3_600_000;

/**
 * Invites someone to the provider's app (kind 'app': a link to create an account) or to the
 * caller's workspace (kind 'workspace': a link to the confirm-invite page the caller named). Only an
 * accepted practitioner invites (the route's `requiresAccepted`); one recipient; at most
 * INVITES_PER_SENDER_HOUR from the caller and INVITES_PER_ADDRESS_HOUR to the address in an hour
 * (429, `MESSAGES.tooManyInvites`, Retry-After), counted with the insert under locks. The mail is
 * the provider's words only: the inviter's and the invitee's names each on a line of their own, as
 * quoted inert text, and no text of the inviter's (decision 023).
 */
export async function invite(
  ctx: AppContext,
  callerId: string,
  input: { email: string; firstName?: string },
  kind: 'app' | 'workspace',
  redirect?: string,
): Promise<Invite> {
  const inviter = await repo.findUserById(ctx.database.db, callerId);
  if (!inviter) throw notFound();
  let confirmBase: URL;
  if (kind === 'workspace') {
    confirmBase = allowedRedirect(ctx, redirect) ?? invalidRedirect();
  } else {
    confirmBase = new URL(`${ctx.env.ssoUrl}/sign-up`);
  }
  const email = normaliseEmail(input.email);
  const token = randomToken();
  const link = new URL(confirmBase);
  if (kind === 'workspace') link.searchParams.set('token', token);
  else link.searchParams.set('email', email);
  const what = kind === 'workspace' ? 'to join their workspace on the Practitioner Portal' : 'to create an account with the provider';
  const lines: MailLine[] = [
    'Hello,',
    '',
    `A practitioner of the Practitioner Portal has invited you ${what}.`,
    `Invited by: "${inertText(`${inviter.firstName} ${inviter.lastName}`)}"`,
    ...(input.firstName ? [`Invited as: "${inertText(input.firstName)}"`] : []),
    '',
    `Open this link to continue (valid for ${INVITE_DAYS} days):`,
    [{ href: link.toString() }],
    '',
    'If you do not know who invited you, ignore this e-mail: nothing is made without you.',
  ];
  const now = Date.now();
  const row = await ctx.database.db.transaction(async (tx) => {
    const counts = await repo.lockAndCountInvites(tx, callerId, email, new Date(now - HOUR_MS));
    const waits = [
      counts.bySender >= INVITES_PER_SENDER_HOUR ? counts.senderOldest : null,
      counts.toAddress >= INVITES_PER_ADDRESS_HOUR ? counts.addressOldest : null,
    ].filter((d): d is Date => d !== null);
    if (waits.length) {
      const seconds = Math.max(1, Math.ceil((Math.max(...waits.map((d) => d.getTime())) + HOUR_MS - now) / 1000));
      throw new AppError(429, ErrorCode.TOO_MANY_REQUESTS, MESSAGES.tooManyInvites, { headers: { 'retry-after': String(seconds) } });
    }
    const inserted = await repo.insertInvite(tx, {
      inviterId: callerId,
      email,
      kind,
      tokenHash: hashToken(token),
      redirectUrl: confirmBase.toString(),
      expiresAt: new Date(now + INVITE_DAYS * 86_400_000),
    });
    // In the transaction: the mail exists exactly when the invite does.
    // To someone who is not a user yet, with no notification settings: no List-Unsubscribe (decision 025).
    await ctx.mailer.send(composeMail({ to: email, subject: 'An invitation to the Practitioner Portal', lines, listUnsubscribe: null }), tx);
    return inserted;
  });
  return toInvite(row);
}

export async function listInvites(ctx: AppContext, callerId: string) {
  return { results: (await repo.listInvites(ctx.database.db, callerId)).map(toInvite) };
}

/** Confirms a workspace invite for the signed-in user whose email it was sent to. */
export async function confirmInvite(ctx: AppContext, callerId: string, token: string): Promise<Invite> {
  const { db } = ctx.database;
  const row = await repo.findInviteByTokenHash(db, hashToken(token));
  const me = await repo.findUserById(db, callerId);
  if (!row || !me || row.kind !== 'workspace' || row.expiresAt.getTime() < Date.now()) throw notFound();
  if (row.email.toLowerCase() !== me.email.toLowerCase()) throw notFound();
  if (row.status === 'accepted') {
    if (row.acceptedBy === callerId) return toInvite(row);
    throw new AppError(400, ErrorCode.BAD_STATUS_TRANSITION);
  }
  if (!(await repo.markInviteAccepted(db, row.id, callerId))) throw new AppError(400, ErrorCode.BAD_STATUS_TRANSITION);
  return toInvite({ ...row, status: 'accepted' });
}

/** A redirect is followed only to an allowed portal origin. */
export function allowedRedirect(ctx: Pick<AppContext, 'env'>, value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && ctx.env.allowedRedirectOrigins.has(url.origin)) return url;
  } catch {
    // not a URL
  }
  return null;
}

function invalidRedirect(): never {
  throw new AppError(400, ErrorCode.BAD_REQUEST, undefined, { fieldErrors: { redirect: ['This redirect address is not allowed'] } });
}
