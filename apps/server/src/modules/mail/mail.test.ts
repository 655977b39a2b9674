import { and, eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions, users } from '../../db/schema';
import { admin, ADMIN_TOKEN, createTestApp, createUser, DAY, practice, session, uniqueEmail, type Harness, type Practice } from '../../test/harness';
import { consign, inject } from '../../test/commerce';
import { startTestSmtp } from '../../test/smtp';
import { generateSyntheticGenotypeFile } from '../genetics';
import { lastDigestTime } from '../notifications/mails';
import { addFeeReminders, handleNew, sendDigests } from '../notifications/service';
import { composeMail } from './service';

const PORTAL = 'https://portal.example';
const SETTINGS = `${PORTAL}/settings?tab=notifications`;
/** A patient's name that would be markup if it were not escaped. */
const HOSTILE = `<img src=x onerror=alert(1)> & "Eve"`;

let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let h: Harness;
beforeAll(async () => {
  smtp = await startTestSmtp();
  h = await createTestApp(
    { PORTAL_URL: PORTAL, SMTP_URL: smtp.url, MAIL_FROM: 'Practitioner Portal <no-reply@portal.example>', ADMIN_TOKEN },
    { ownDatabase: true },
  );
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});

const settle = (doc: Practice, settings: Record<string, string> = {}) =>
  inject(h, 'PUT', '/api/portal/me/notifications/', doc.auth, {
    sessionRequest: 'instant',
    dataRequest: 'instant',
    kitResults: 'instant',
    feeDue: 'instant',
    timeZone: 'UTC',
    ...settings,
  });

/** Delivers everything queued, by SMTP to the sink, as the worker's rounds would. */
async function deliverAll() {
  for (let i = 0; i < 10; i++) if ((await h.app.ctx.mailer.deliverDue(new Date())).sent === 0) return;
}

/** Every kind of mail the portal sends, each made the way the product makes it. */
async function everyKind() {
  // A practice registers (the 'reviewing' mail), is accepted; another is declined.
  const newcomer = await createUser(h);
  await inject(h, 'PUT', '/api/portal/me/tos/', newcomer.auth);
  const registered = await inject(h, 'POST', '/api/portal/me/', newcomer.auth, {
    categoryID: 3,
    hpcsaNumber: 'dt 0777001',
    practiceNumber: '0123456',
    description: 'Nutrition practice focused on nutrigenomics and weight management.',
    languages: [2, 5],
    specializations: [2, 3],
    address: { streetAddress: '1 Long Street', suburb: 'Gardens', city: 'Cape Town', state: 'Western Cape', postalCode: '8001', countryCode: 'ZA' },
    availability: [{ dayOfWeek: 1, startTime: '08:00', endTime: '12:00' }],
  });
  expect(registered.statusCode, registered.body).toBeLessThan(300);
  const practiceId = registered.json().id as string;
  expect((await inject(h, 'POST', `/api/admin/practitioners/${practiceId}/accept`, admin)).statusCode).toBe(200);
  const declined = await createUser(h, { practitionerStatus: 1, testPassed: false });
  const declinedId = (await inject(h, 'GET', '/api/portal/me/', declined.auth)).json().id as string;
  expect((await inject(h, 'POST', `/api/admin/practitioners/${declinedId}/decline`, admin)).statusCode).toBe(200);

  // The notifications: a request from a patient whose name is markup, data requests answered both ways, a kit's results, a fee coming due.
  const doc = await practice(h);
  expect((await settle(doc)).statusCode).toBe(200);
  const yes = await session(h, doc, { accept: false });
  await h.db.update(users).set({ firstName: HOSTILE, lastName: 'Mokoena <b>' }).where(eq(users.id, yes.patient.user.id));
  // The mails are written when the worker handles them (below), with the name as it is then.
  const no = await session(h, doc);
  expect((await inject(h, 'POST', `/api/portal/sessions/${yes.id}/accept`, doc.auth)).statusCode).toBe(200);
  for (const s of [yes, no]) expect((await inject(h, 'POST', `/api/portal/sessions/${s.id}/data-request`, doc.auth)).statusCode).toBe(201);
  expect((await inject(h, 'POST', `/api/patient/sessions/${yes.id}/data-request/confirm`, yes.patient.auth)).statusCode).toBeLessThan(300);
  expect((await inject(h, 'POST', `/api/patient/sessions/${no.id}/data-request/decline`, no.patient.auth)).statusCode).toBeLessThan(300);
  const [kit] = (await consign(h, doc.email, 1)).kits;
  expect((await inject(h, 'PUT', `/api/portal/sessions/${yes.id}/kit`, doc.auth, { sampleLabel: kit!.sampleLabel })).statusCode).toBe(200);
  for (let i = 0; i < 2; i++) await inject(h, 'POST', `/api/admin/kits/${kit!.sampleLabel}/advance`, admin);
  const results = await inject(h, 'POST', `/api/admin/kits/${kit!.sampleLabel}/results`, admin, { genotypes: generateSyntheticGenotypeFile(kit!.id) });
  expect(results.statusCode, results.body).toBe(200);
  const now = new Date();
  await h.db
    .update(transactions)
    .set({ dueAt: new Date(now.getTime() + 2 * DAY) })
    .where(and(eq(transactions.sessionId, yes.id), eq(transactions.kind, 'data_request_fee')));
  expect(await addFeeReminders(h.app.ctx, now)).toBeGreaterThanOrEqual(1);

  // A practice on the daily summary.
  const digest = await practice(h);
  expect((await settle(digest, { sessionRequest: 'digest' })).statusCode).toBe(200);
  await session(h, digest, { accept: false });

  // The journal shared with the patient; invitations to people who are not users yet.
  const submitted = await inject(h, 'POST', `/api/portal/sessions/${no.id}/journal/submit`, doc.auth, {
    description: 'Discussed vitamin D results; retest in three months.',
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const invitee = uniqueEmail('invitee');
  expect((await inject(h, 'POST', '/api/account/me/invite', doc.auth, { email: invitee, firstName: 'Ivy' })).statusCode).toBe(201);

  await handleNew(h.app.ctx, now);
  await sendDigests(h.app.ctx, new Date(lastDigestTime(now, 'UTC').getTime() + DAY));
  await deliverAll();
  return { newcomer, declined, doc, digest, patients: [yes.patient, no.patient], invitee };
}

describe('every kind of mail, as a mail system receives it over SMTP', () => {
  let mails: Array<{ to: string; source: string; parsed: ParsedMail }>;
  let people: Awaited<ReturnType<typeof everyKind>>;
  beforeAll(async () => {
    people = await everyKind();
    mails = await Promise.all(smtp.received.map(async (r) => ({ to: r.to, source: r.source, parsed: await simpleParser(r.source) })));
  }, 240_000);

  const subjects = () => mails.map((m) => m.parsed.subject ?? '');
  const header = (source: string, name: string) => {
    const head = source.slice(0, source.search(/\r?\n\r?\n/));
    // Unfolded (RFC 5322 §2.2.3) before matching.
    return [...head.replace(/\r?\n[ \t]+/g, ' ').matchAll(new RegExp(`^${name}: (.*)$`, 'gim'))].map((m) => m[1]!.trim());
  };

  it('are all here: practice review, each notification, the digest, the journal and the invitation', () => {
    const expected = [
      'We are reviewing your practice',
      'Your practice has been accepted',
      'Your practice registration was declined',
      /^New session request from /,
      /confirmed your data request$/,
      /declined your data request$/,
      /^Results available for /,
      /^A data-request fee is due on /,
      'Your daily summary: 1 notification',
      'Your practitioner shared notes from your session',
      'An invitation to the Practitioner Portal',
    ];
    for (const subject of expected) {
      expect(subjects().filter((s) => (typeof subject === 'string' ? s === subject : subject.test(s))).length, String(subject)).toBeGreaterThanOrEqual(1);
    }
    // The kit-results mail, once.
    expect(subjects().filter((s) => s.startsWith('Results available for '))).toHaveLength(1);
  });

  it('each says it was sent automatically (RFC 3834) and carries a plain-text and an HTML part of the same words', () => {
    expect(mails.length).toBeGreaterThanOrEqual(12);
    for (const m of mails) {
      const what = m.parsed.subject;
      expect(header(m.source, 'Auto-Submitted'), what).toEqual(['auto-generated']);
      expect(header(m.source, 'X-Auto-Response-Suppress'), what).toEqual(['OOF, AutoReply']);
      expect(m.parsed.headers.get('content-type'), what).toMatchObject({ value: 'multipart/alternative' });
      expect(m.parsed.text?.trim(), what).toBeTruthy();
      expect(m.parsed.html, what).toMatch(/^<!doctype html>[\s\S]*<\/html>$/);
      expect(m.parsed.from?.value).toEqual([{ name: 'Practitioner Portal', address: 'no-reply@portal.example' }]);
      // The HTML part says what the text says: its first paragraph's first words are the text's.
      const firstWords = m.parsed.text!.trim().split('\n')[0]!.slice(0, 25);
      expect(m.parsed.html, what).toContain(firstWords.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
    }
  });

  it('to a practitioner: List-Unsubscribe points at the notification settings; to a patient or an invitee: none, they have no such page', () => {
    const practitioners = new Set([people.newcomer.user.email, people.declined.user.email, people.doc.email, people.digest.email]);
    const others = new Set([...people.patients.map((p) => p.user.email), people.invitee]);
    let seen = 0;
    for (const m of mails) {
      const lists = header(m.source, 'List-Unsubscribe');
      if (practitioners.has(m.to)) {
        expect(lists, m.parsed.subject).toEqual([`<${SETTINGS}>`]);
        // A page to sign in to, not a one-click POST target (RFC 8058 needs one that works without a sign-in).
        expect(header(m.source, 'List-Unsubscribe-Post'), m.parsed.subject).toEqual([]);
        seen += 1;
      } else {
        expect(others.has(m.to), m.to).toBe(true);
        expect(lists, m.parsed.subject).toEqual([]);
      }
    }
    expect(seen).toBeGreaterThanOrEqual(9);
  });

  it("a patient's name stays text: escaped in the HTML part, never a tag or a link; links only to the portal's pages and the contact page", () => {
    const request = mails.find((m) => m.parsed.subject?.startsWith('New session request from <img'));
    expect(request, subjects().join('\n')).toBeDefined();
    // The name on a line of its own, quoted (decision 023), and escaped in the HTML part (decision 025).
    expect(request!.parsed.text).toContain(`\nPatient: "${HOSTILE} M."\n`);
    expect(request!.parsed.html).toContain('Patient: &quot;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Eve&quot; M.&quot;');
    for (const m of mails) {
      const html = m.parsed.html as string;
      expect(html, m.parsed.subject).not.toMatch(/<img|<b>|<script/i);
      for (const [, href, text] of html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)) {
        expect(href!.startsWith(`${PORTAL}/`) || href === 'https://www.example.com/contact', href).toBe(true);
        expect(text!.replace(/&amp;/g, '&'), href).toBe(href!.replace(/&amp;/g, '&'));
      }
    }
  });
});

describe('composeMail', () => {
  it('renders text as written and HTML with every interpolated piece escaped; a link must be http(s)', () => {
    const mail = composeMail({
      to: 'a@b.example',
      subject: 'A & <B>',
      lines: ['Hello <i>you</i> & "them",', '', ['Open: ', { href: 'https://portal.example/x?a=1&b=2' }], '--', 'Footer'],
      listUnsubscribe: null,
    });
    expect(mail.text).toBe('Hello <i>you</i> & "them",\n\nOpen: https://portal.example/x?a=1&b=2\n--\nFooter');
    expect(mail.html).toContain('<title>A &amp; &lt;B&gt;</title>');
    expect(mail.html).toContain('Hello &lt;i&gt;you&lt;/i&gt; &amp; &quot;them&quot;,');
    expect(mail.html).toContain('Open: <a href="https://portal.example/x?a=1&amp;b=2" style="color:#1d4ed8">https://portal.example/x?a=1&amp;b=2</a>');
    expect(mail.html).toMatch(/<hr [^>]*>\n<div [^>]*>\n<p [^>]*>Footer<\/p>\n<\/div>\n<\/body>/);
    expect(() => composeMail({ to: 'a@b.example', subject: 's', lines: [[{ href: 'javascript:alert(1)' }]], listUnsubscribe: null })).toThrow(/http/);
  });
});
