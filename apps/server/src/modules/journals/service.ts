import { ErrorCode, SessionStatus, type JournalEntry, type JournalListItem, type SessionJournal } from '@portal/contract';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import { AnalyticsEvent } from '../analytics/service';
import { findUserById } from '../account/service';
import { ownedSession, practitionerOf } from '../sessions/access';
import * as repo from './repository';
import { composeMail } from '../mail/service';

const refused = () => new AppError(400, ErrorCode.BAD_STATUS_TRANSITION);

export function toEntry(row: repo.EntryRow): JournalEntry {
  return {
    id: row.id,
    sessionID: row.sessionId,
    parentID: row.parentId,
    description: row.description,
    status: row.status as JournalEntry['status'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

async function journalOf(ctx: AppContext, sessionId: string): Promise<SessionJournal> {
  const [main, sessionStatus] = await Promise.all([repo.findMain(ctx.database.db, sessionId), repo.sessionStatus(ctx.database.db, sessionId)]);
  if (!main) return { entry: null, addenda: [], sessionStatus };
  return { entry: toEntry(main), addenda: (await repo.addendaOf(ctx.database.db, main.id)).map(toEntry), sessionStatus };
}

/** The session's journal: readable by its practitioner in any status, including after completion. */
export async function getSessionJournal(ctx: AppContext, userId: string, sessionId: string) {
  await ownedSession(ctx, userId, sessionId);
  return journalOf(ctx, sessionId);
}

/** Saves the draft (autosave): only on an accepted session and only while not submitted. */
export async function saveDraft(ctx: AppContext, userId: string, sessionId: string, description: string) {
  const { practitioner, row } = await ownedSession(ctx, userId, sessionId);
  if (row.session.status !== SessionStatus.ACCEPTED) throw refused();
  const saved = await repo.upsertDraft(ctx.database.db, { sessionId, practitionerId: practitioner.id, description });
  if (!saved) throw refused();
  return toEntry(saved);
}

/** Submits to the patient: the entry becomes read-only and the session completes, together. */
export async function submit(ctx: AppContext, userId: string, sessionId: string, description: string) {
  const { practitioner, row } = await ownedSession(ctx, userId, sessionId);
  const entry = await repo.submitAndComplete(ctx.database.db, { sessionId, practitionerId: practitioner.id, description });
  if (!entry) throw refused();
  await ctx.analytics.track(AnalyticsEvent.JOURNAL_CREATED, userId, { sessionId });
  const me = await findUserById(ctx.database.db, userId);
  // The mail says where to read the note, never what it says: patient health text stays in the app.
  // To the patient, who has no notification settings in the portal: no List-Unsubscribe (decision 025).
  await ctx.mailer.send(
    composeMail({
      to: row.user.email,
      subject: 'Your practitioner shared notes from your session',
      lines: [
        `Hello ${row.user.firstName},`,
        '',
        `${me ? `${me.firstName} ${me.lastName}` : 'Your practitioner'} has submitted the notes from your session. Open the app to read them.`,
        '',
        'This completes the session.',
      ],
      listUnsubscribe: null,
    }),
  );
  return journalOf(ctx, sessionId);
}

export async function addAddendum(ctx: AppContext, userId: string, sessionId: string, description: string) {
  const { practitioner } = await ownedSession(ctx, userId, sessionId);
  const main = await repo.findMain(ctx.database.db, sessionId);
  if (!main || main.status !== 'Submitted') throw refused();
  await repo.insertAddendum(ctx.database.db, { sessionId, practitionerId: practitioner.id, parentId: main.id, description });
  return journalOf(ctx, sessionId);
}

const toListItem = (r: repo.ListRow): JournalListItem => ({
  ...toEntry(r.entry),
  session: { id: r.session.id, status: r.session.status, bookingTime: r.session.bookingTime.toISOString(), user: r.user },
});

export async function listJournals(ctx: AppContext, userId: string, q: Parameters<typeof repo.listForPractitioner>[2]) {
  const p = await practitionerOf(ctx, userId);
  const { rows, count } = await repo.listForPractitioner(ctx.database.db, p.id, q);
  return { results: rows.map(toListItem), count, limit: q.limit, offset: q.offset };
}

export async function getJournal(ctx: AppContext, userId: string, id: string) {
  const p = await practitionerOf(ctx, userId);
  const row = await repo.findOwnedEntry(ctx.database.db, p.id, id);
  if (!row) throw notFound();
  const journal = await journalOf(ctx, row.entry.sessionId);
  return { ...toListItem(row), addenda: journal.addenda };
}

export async function updateJournal(ctx: AppContext, userId: string, id: string, description: string) {
  const p = await practitionerOf(ctx, userId);
  const row = await repo.findOwnedEntry(ctx.database.db, p.id, id);
  if (!row) throw notFound();
  await saveDraft(ctx, userId, row.entry.sessionId, description);
  return getJournal(ctx, userId, id);
}

/** What the patient reads: the submitted entry and its addenda, never a draft. */
export async function patientJournal(ctx: AppContext, sessionId: string): Promise<SessionJournal> {
  const journal = await journalOf(ctx, sessionId);
  if (!journal.entry || journal.entry.status !== 'Submitted') return { ...journal, entry: null, addenda: [] };
  return journal;
}
