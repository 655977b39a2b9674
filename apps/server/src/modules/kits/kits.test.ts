import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/contract';
import { auditEvents, genotypeFiles, kits, mailOutbox, notifications, results, warehouses } from '../../db/schema';
import { admin, ADMIN_TOKEN, createTestApp, practice, session, type Harness } from '../../test/harness';
import { assign, consign, inject, warehouseInput } from '../../test/commerce';
import { generateSyntheticGenotypeFile } from '../genetics';
import { handleNew } from '../notifications/service';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp({ ADMIN_TOKEN });
});
afterAll(() => h.close());

const TAKEN = 'You are trying to assign an already taken kit';

describe('acceptance', () => {
  it("a practitioner not accepted gets 403 with the product's words on every route", async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: Array<['GET' | 'POST' | 'PUT' | 'PATCH', string, unknown?]> = [
      ['GET', '/api/portal/kits/'],
      ['PUT', `/api/portal/sessions/${id}/kit`, { sampleLabel: 'KIT-AAAA' }],
      ['GET', '/api/portal/me/warehouses/'],
      ['POST', '/api/portal/me/warehouses/', warehouseInput()],
      ['PUT', `/api/portal/me/warehouses/${id}`, warehouseInput()],
      ['PATCH', `/api/portal/me/warehouses/${id}/primary/`],
      ['GET', '/api/portal/me/consignments/'],
      ['POST', `/api/portal/me/consignments/${id}/receive`],
      ['GET', '/api/portal/discount-codes/'],
      ['POST', '/api/portal/discount-codes/', {}],
      ['POST', `/api/portal/discount-codes/${id}/deactivate`],
      ['GET', '/api/portal/transactions/'],
      ['GET', '/api/portal/transactions/totals'],
      ['GET', '/api/portal/transactions/export.csv'],
    ];
    for (const status of [1, 3] as const) {
      const doc = await practice(h, status);
      for (const [method, url, body] of routes) {
        const res = await inject(h, method, url, doc.auth, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error.message).toBe(MESSAGES.notAccepted);
      }
      expect(await h.db.select().from(warehouses).where(eq(warehouses.practitionerId, doc.id))).toHaveLength(0);
    }
  });
});

describe('kits', () => {
  it("the provider's kits for a practice without a warehouse are in its stock and listed, searched and paged", async () => {
    const doc = await practice(h);
    const sent = await consign(h, doc.email, 3, [1, 2]);
    expect(sent.consignment).toBeNull();
    expect(sent.kits).toHaveLength(3);
    for (const k of sent.kits) expect(k.sampleLabel).toMatch(/^KIT-[A-Z2-7]{8}$/);

    const list = (await inject(h, 'GET', '/api/portal/kits/', doc.auth)).json();
    expect(list.count).toBe(3);
    expect(list.results[0]).toMatchObject({
      status: 'in_stock',
      session: null,
      warehouseID: null,
      collections: [
        { id: 1, name: expect.any(String) },
        { id: 2, name: expect.any(String) },
      ],
    });

    // In an order the table can state: in stock first, then by sample label.
    const labels = list.results.map((k: { sampleLabel: string }) => k.sampleLabel);
    expect(labels).toEqual([...labels].sort());

    const label = sent.kits[1]!.sampleLabel;
    const byLabel = (await inject(h, 'GET', `/api/portal/kits/?search=${label.slice(4).toLowerCase()}`, doc.auth)).json();
    expect(byLabel.results.map((k: { sampleLabel: string }) => k.sampleLabel)).toEqual([label]);
    const idPrefix = sent.kits[2]!.id.slice(0, 8);
    const byId = (await inject(h, 'GET', `/api/portal/kits/?search=${idPrefix}`, doc.auth)).json();
    expect(byId.results.map((k: { id: string }) => k.id)).toContain(sent.kits[2]!.id);

    const page = (await inject(h, 'GET', '/api/portal/kits/?limit=2&offset=2', doc.auth)).json();
    expect(page).toMatchObject({ count: 3, limit: 2, offset: 2 });
    expect(page.results).toHaveLength(1);

    // Another practice sees none of them.
    const other = await practice(h);
    expect((await inject(h, 'GET', '/api/portal/kits/', other.auth)).json().count).toBe(0);
  });

  it('assigns a kit to an accepted session: the kit has the patient, the list shows the session, the audit trail one row', async () => {
    const doc = await practice(h);
    const [kit] = (await consign(h, doc.email, 1)).kits;
    const s = await session(h, doc);
    const res = await assign(h, doc, s.id, ` ${kit!.sampleLabel.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: kit!.id,
      status: 'assigned',
      session: { id: s.id, patientName: 'Test User' },
    });
    const [row] = await h.db.select().from(kits).where(eq(kits.id, kit!.id));
    expect(row).toMatchObject({
      sessionId: s.id,
      patientId: s.patient.user.id,
      status: 'assigned',
    });
    const audit = await h.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.sessionId, s.id), eq(auditEvents.action, 'assign')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      category: 'kit',
      outcome: 'allowed',
      patientId: s.patient.user.id,
      actorUserId: doc.user.id,
    });
    const listed = (await inject(h, 'GET', '/api/portal/kits/?status=assigned', doc.auth)).json();
    expect(listed.results).toHaveLength(1);

    expect((await inject(h, 'GET', `/api/portal/sessions/${s.id}`, doc.auth)).json().kitID).toBe(kit!.id);
  });

  it('a taken kit answers 400416 with its text; a session with a kit or not accepted answers 400414; nothing changes', async () => {
    const doc = await practice(h);
    const sent = (await consign(h, doc.email, 2)).kits;
    const first = await session(h, doc);
    const second = await session(h, doc);
    expect((await assign(h, doc, first.id, sent[0]!.sampleLabel)).statusCode).toBe(200);
    // The kit still in stock comes before the one handed out, whatever their labels.
    const all = (await inject(h, 'GET', '/api/portal/kits/', doc.auth)).json().results as Array<{ status: string; sampleLabel: string }>;
    expect(all.map((k) => k.status)).toEqual(['in_stock', 'assigned']);

    const taken = await assign(h, doc, second.id, sent[0]!.sampleLabel);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error).toMatchObject({
      code: '400416',
      message: TAKEN,
    });

    const twice = await assign(h, doc, first.id, sent[1]!.sampleLabel);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.code).toBe('400414');

    const requested = await session(h, doc, { accept: false });
    const early = await assign(h, doc, requested.id, sent[1]!.sampleLabel);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.code).toBe('400414');

    const [spare] = await h.db.select().from(kits).where(eq(kits.id, sent[1]!.id));
    expect(spare).toMatchObject({
      status: 'in_stock',
      sessionId: null,
      patientId: null,
    });
    const [used] = await h.db.select().from(kits).where(eq(kits.id, sent[0]!.id));
    expect(used!.sessionId).toBe(first.id);
  });

  it('two assignments of one kit at once: exactly one wins, the other answers 400416', async () => {
    const doc = await practice(h);
    const [kit] = (await consign(h, doc.email, 1)).kits;
    const a = await session(h, doc);
    const b = await session(h, doc);
    const answers = await Promise.all([assign(h, doc, a.id, kit!.sampleLabel), assign(h, doc, b.id, kit!.sampleLabel)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = answers.find((r) => r.statusCode === 400)!;
    expect(loser.json().error).toMatchObject({
      code: '400416',
      message: TAKEN,
    });
    const rows = await h.db.select().from(kits).where(eq(kits.id, kit!.id));
    expect(rows).toHaveLength(1);
    expect([a.id, b.id]).toContain(rows[0]!.sessionId);
    const winner = answers.find((r) => r.statusCode === 200)!.json();
    expect(winner.session.id).toBe(rows[0]!.sessionId);
  });

  it("another practice's kit or session answers 404 and changes nothing", async () => {
    const doc = await practice(h);
    const other = await practice(h);
    const [mine] = (await consign(h, doc.email, 1)).kits;
    const [theirs] = (await consign(h, other.email, 1)).kits;
    const mySession = await session(h, doc);
    const theirSession = await session(h, other);
    for (const [sessionId, label] of [
      [mySession.id, theirs!.sampleLabel],
      [theirSession.id, mine!.sampleLabel],
      [theirSession.id, theirs!.sampleLabel],
      [mySession.id, 'KIT-NOSUCHKIT'],
    ] as const) {
      const res = await assign(h, doc, sessionId, label);
      expect(res.statusCode).toBe(404);
    }
    const untouched = await h.db.select().from(kits).where(eq(kits.practitionerId, other.id));
    expect(untouched[0]).toMatchObject({ status: 'in_stock', sessionId: null });
    const bad = await assign(h, doc, mySession.id, 'a');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors.sampleLabel).toBeTruthy();
  });
});

describe("the lab's results step", () => {
  const resultsOf = (label: string, genotypes: string, headers = admin) => inject(h, 'POST', `/api/admin/kits/${label}/results`, headers, { genotypes });
  const advance = (label: string) => inject(h, 'POST', `/api/admin/kits/${label}/advance`, admin);
  const mailsTo = (email: string) => h.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

  it('attaches the genotype file, computes the results, makes them available and mails the practitioner once', async () => {
    const doc = await practice(h);
    const [kit, spare] = (await consign(h, doc.email, 2)).kits;
    const s = await session(h, doc);
    const file = generateSyntheticGenotypeFile(`results:${kit!.id}`);

    // In stock, assigned or sample received: not yet the results step; an unknown kit: 404; no token: 401.
    expect((await resultsOf(spare!.sampleLabel, file)).json().error.code).toBe('400414');
    expect((await assign(h, doc, s.id, kit!.sampleLabel)).statusCode).toBe(200);
    const early = await resultsOf(kit!.sampleLabel, file);
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatchObject({ code: '400414', message: expect.stringContaining('advance it to processing first') });
    expect((await resultsOf('KIT-NOSUCHKIT', file)).statusCode).toBe(404);
    expect((await resultsOf(kit!.sampleLabel, file, {} as typeof admin)).statusCode).toBe(401);
    expect((await advance(kit!.sampleLabel)).json().status).toBe('sample_received');
    expect((await advance(kit!.sampleLabel)).json().status).toBe('processing');

    const done = await resultsOf(kit!.sampleLabel.toLowerCase(), file);
    expect(done.statusCode, done.body).toBe(200);
    const lines = file.split('\n').filter((l) => l && !l.startsWith('#')).length;
    expect(done.json()).toEqual({ id: kit!.id, sampleLabel: kit!.sampleLabel, status: 'results_available', sessionID: s.id, genotypes: lines });
    const [stored] = await h.db.select().from(genotypeFiles).where(eq(genotypeFiles.kitId, kit!.id));
    expect(stored).toMatchObject({ content: file, synthetic: true });
    const computed = await h.db.select().from(results).where(eq(results.kitId, kit!.id));
    expect(computed).toHaveLength(1);
    expect(computed[0]!.data).toMatchObject({ swab: { title: computed[0]!.title, synthetic: true } });
    const audit = await h.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.sessionId, s.id), eq(auditEvents.action, 'import')));
    expect(audit.map((a) => a.detail)).toContain(`genotype file of kit ${kit!.sampleLabel} (${lines} lines), results available`);
    // The practitioner reads them on the session once the patient shares their data.
    expect((await inject(h, 'GET', `/api/portal/sessions/${s.id}/results`, doc.auth)).statusCode).toBe(404);
    expect((await inject(h, 'POST', `/api/portal/sessions/${s.id}/data-request`, doc.auth)).statusCode).toBe(201);
    expect((await inject(h, 'POST', `/api/patient/sessions/${s.id}/data-request/confirm`, s.patient.auth)).statusCode).toBeLessThan(300);
    const read = await inject(h, 'GET', `/api/portal/sessions/${s.id}/results`, doc.auth);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().results.map((r: { id: string }) => r.id)).toEqual([computed[0]!.id]);

    // The notification: one, mailed once, however often the worker runs and whatever the lab tries again.
    await handleNew(h.app.ctx);
    await handleNew(h.app.ctx);
    const again = await resultsOf(kit!.sampleLabel, file);
    expect(again.json().error).toMatchObject({ code: '400414', message: "This kit's results are already available" });
    expect((await advance(kit!.sampleLabel)).json().error.code).toBe('400414');
    await handleNew(h.app.ctx);
    const kitMails = (await mailsTo(doc.email)).filter((m) => m.subject.startsWith('Results available for '));
    expect(kitMails).toHaveLength(1);
    expect(kitMails[0]!.text).toContain(`/sessions/${s.id}`);
    const rows = await h.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.sessionId, s.id), eq(notifications.kind, 'kitResults')));
    expect(rows.map((r) => r.state)).toEqual(['sent']);
    expect(await h.db.select().from(results).where(eq(results.kitId, kit!.id))).toHaveLength(1);
  });

  it('refuses a bad file with its lines named and changes nothing', async () => {
    const doc = await practice(h);
    const [kit] = (await consign(h, doc.email, 1)).kits;
    const s = await session(h, doc);
    await assign(h, doc, s.id, kit!.sampleLabel);
    await advance(kit!.sampleLabel);
    await advance(kit!.sampleLabel);
    const good = 'rs1801133\t1\t11796321\tGG';
    const cases: Array<[string, string[]]> = [
      ['', ['Required']],
      ['# only a comment\n\n', ['the file holds no genotypes']],
      [`# 23andMe\n${good}\nrs4654748\t1\t21459575\tTXT\n`, ["line 3: 'TXT' is not a genotype"]],
      [`${good}\nrs4654748\t1\tabc\tTT\nrs1\tchr99\t5\tAA\n`, ["line 2: 'abc' is not a position", "line 3: 'chr99' is not a chromosome"]],
      [
        '%PDF-1.7\nbinary',
        [
          'line 1: 1 column; expected rsid, chromosome, position and genotype (or allele1 and allele2)',
          'line 2: 1 column; expected rsid, chromosome, position and genotype (or allele1 and allele2)',
        ],
      ],
      [`rsid,chromosome,position,allele1,allele2\nrs4654748,1,21459575,T,T\nSNP42,1,5,A,G\n`, ["line 3: 'SNP42' is not a probe id (rs… or i…)"]],
    ];
    for (const [file, expected] of cases) {
      const res = await resultsOf(kit!.sampleLabel, file);
      expect(res.statusCode, file).toBe(400);
      expect(res.json().error.code).toBe('400400');
      if (file) expect(res.json().error.message).toBe('The genotype file is not valid');
      expect(res.json().error.fieldErrors[file ? 'file' : 'genotypes'], file).toEqual(file ? expected : expect.any(Array));
    }
    // Many bad lines: the first twenty named, the rest counted.
    const many = await resultsOf(kit!.sampleLabel, Array.from({ length: 25 }, (_, i) => `rs${i}\t1\t${i}\tZZ`).join('\n'));
    expect(many.json().error.fieldErrors.file).toHaveLength(21);
    expect(many.json().error.fieldErrors.file.at(-1)).toBe('… and 5 more lines like these');

    const [after] = await h.db.select().from(kits).where(eq(kits.id, kit!.id));
    expect(after!.status).toBe('processing');
    expect(await h.db.select().from(genotypeFiles).where(eq(genotypeFiles.kitId, kit!.id))).toEqual([]);
    expect(await h.db.select().from(results).where(eq(results.kitId, kit!.id))).toEqual([]);
    expect(
      await h.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.sessionId, s.id), eq(notifications.kind, 'kitResults'))),
    ).toEqual([]);
  });

  it('npm run admin -- kits results LABEL FILE: names a bad line, then attaches a good file', async () => {
    const doc = await practice(h);
    const [kit] = (await consign(h, doc.email, 1)).kits;
    const s = await session(h, doc);
    await assign(h, doc, s.id, kit!.sampleLabel);
    await advance(kit!.sampleLabel);
    await advance(kit!.sampleLabel);
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-results-'));
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
    const admin = (...args: string[]) =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'apps/server/src/cli/admin.ts'), ...args, '--url', base, '--token', ADMIN_TOKEN],
        {
          cwd: root,
        },
      );
    try {
      fs.writeFileSync(path.join(dir, 'bad.txt'), 'rs1801133\t1\t11796321\tGG\nrs4654748\t1\t21459575\tQQ\n');
      const refused = await admin('kits', 'results', kit!.sampleLabel, path.join(dir, 'bad.txt')).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(refused?.code).toBe(1);
      expect(refused?.stderr).toContain("The genotype file is not valid (HTTP 400)\n  line 2: 'QQ' is not a genotype");
      const good = path.join(dir, 'genome.txt');
      fs.writeFileSync(good, generateSyntheticGenotypeFile(`cli:${kit!.id}`));
      const { stdout } = await admin('kits', 'results', kit!.sampleLabel, good);
      expect(stdout).toMatch(new RegExp(`^Kit ${kit!.sampleLabel}: \\d+ genotype lines attached, results computed; it is now results available\\.`));
      expect((await h.db.select().from(kits).where(eq(kits.id, kit!.id)))[0]!.status).toBe('results_available');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
