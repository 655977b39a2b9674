import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiAnswer } from '@portal/contract';
import { auditEvents, dataRequests, kits, questionnaireResponses, results, users } from '../../db/schema';
import { createTestApp, createUser, type Harness } from '../../test/harness';
import { computeResults, generateSyntheticGenotypeFile } from '../genetics';
import { importDemoCallSet } from '../pharmacogenomics/demo';
import { actionableRows } from '../pharmacogenomics/service';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp({ AI_RATE_LIMIT: '50' });
});
afterAll(() => h.close());

/** An accepted session with a confirmed data request, synthetic results and questionnaire answers. */
async function patientWithData(app: Harness) {
  const doc = await createUser(app, { practitionerStatus: 2 });
  const patient = await createUser(app, { role: 'patient' });
  await app.db.update(users).set({ firstName: 'Zanele', lastName: 'Mthembu' }).where(eq(users.id, patient.user.id));
  const practitionerId = (await app.app.inject({ url: '/api/portal/me/', headers: doc.auth })).json().id;
  const id = (await app.app.inject({ method: 'POST', url: '/api/patient/sessions/', headers: patient.auth, payload: { practitionerId, bookingTime: new Date(Date.now() + 2 * 86_400_000).toISOString() } })).json().id as string;
  await app.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/accept`, headers: doc.auth });
  const [kit] = await app.db.insert(kits).values({ sampleLabel: `AI-${id.slice(0, 8)}`, sessionId: id, patientId: patient.user.id, status: 'results_available', collectionIds: [1, 3] }).returning();
  const swab = computeResults(generateSyntheticGenotypeFile(`ask-ai:${id}`));
  await app.db.insert(results).values({ kitId: kit!.id, title: swab.title, data: { swab }, engineVersion: swab.engineVersion });
  await app.db.insert(questionnaireResponses).values([
    { patientId: patient.user.id, questionnaireId: 2, answers: { pattern: 'Vegetarian', dairy: '0' }, completedAt: new Date() },
    { patientId: patient.user.id, questionnaireId: 4, answers: { medicines: 'Simvastatin 40 mg', supplements: 'Vitamin D 1000 IU' }, completedAt: new Date() },
  ]);
  await app.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/data-request`, headers: doc.auth });
  await app.db.update(dataRequests).set({ status: 'confirmed', answeredAt: new Date() }).where(eq(dataRequests.sessionId, id));
  return { doc, patient, id, swab };
}

function events(payload: string) {
  return payload.split('\n\n').filter(Boolean).map((block) => {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    return { event, data: data ? JSON.parse(data) : null };
  });
}

async function ask(app: Harness, auth: Record<string, string>, id: string, body: unknown) {
  const res = await app.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/ai/ask`, headers: auth, payload: body as object });
  return { res, events: res.statusCode === 200 ? events(res.body) : [] };
}

describe('Ask AI, built-in engine', () => {
  it('every statement cites records that exist and link to the portal; NOT_PROCESSED components are never interpreted', async () => {
    const { doc, id, swab } = await patientWithData(h);
    const notProcessed = new Set([...swab.minerals, ...swab.vitamins].filter((c) => c.riskLevel === 3).map((c) => `component:${c.componentID}`));
    for (const preset of ['summary', 'nutrition', 'medicines', 'questions']) {
      const { res, events: ev } = await ask(h, doc.auth, id, { preset });
      expect(res.headers['content-type'], preset).toContain('text/event-stream');
      const done = ev.find((e) => e.event === 'done')!.data as AiAnswer;
      expect(ev.filter((e) => e.event === 'statement')).toHaveLength(done.statements.length);
      expect(done.declined, preset).toBe(false);
      expect(done.engine).toBe('built-in');
      expect(done.disclaimer).toContain('not medical advice');
      const refs = new Set(done.records.map((r) => r.ref));
      for (const s of done.statements) {
        expect(s.citations.length, s.text).toBeGreaterThan(0);
        for (const c of s.citations) expect(refs.has(c), c).toBe(true);
        if (s.citations.some((c) => notProcessed.has(c))) {
          expect(s.text).toMatch(/^Not calculated/);
          expect(s.text).not.toMatch(/decreased|increased|average/i);
        }
      }
      for (const r of done.records) expect(r.href).toMatch(new RegExp(`^/sessions/${id}/(result/[0-9a-f-]+/components/[a-z0-9-]+|questionnaires/\\d+)$`));
      expect(done.dataDate).not.toBeNull();
    }
  });

  it('answers a free question from the matching records and declines what the records cannot answer', async () => {
    const { doc, id } = await patientWithData(h);
    const meds = (await ask(h, doc.auth, id, { question: 'Which medicines does the patient take?' })).events.find((e) => e.event === 'done')!.data as AiAnswer;
    expect(meds.statements.map((s) => s.text).join(' ')).toContain('Simvastatin 40 mg');
    const off = (await ask(h, doc.auth, id, { question: 'What is the capital of France?' })).events.find((e) => e.event === 'done')!.data as AiAnswer;
    expect(off).toMatchObject({ declined: true, records: [] });
  });

  it('saves answers, reopens them, turns one into a journal draft, and writes the audit trail', async () => {
    const { doc, id } = await patientWithData(h);
    const done = (await ask(h, doc.auth, id, { preset: 'summary' })).events.find((e) => e.event === 'done')!.data as AiAnswer;
    const list = await h.app.inject({ url: `/api/portal/sessions/${id}/ai/answers`, headers: doc.auth });
    expect(list.json().results[0]).toMatchObject({ id: done.id, preset: 'summary', question: 'Summary of results' });
    expect((await h.app.inject({ url: `/api/portal/sessions/${id}/ai/answers/${done.id}`, headers: doc.auth })).json()).toEqual(done);
    const draft = await h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/ai/answers/${done.id}/journal-draft`, headers: doc.auth });
    expect(draft.json()).toMatchObject({ status: 'Saved' });
    expect(draft.json().description).toContain('Ask AI (built-in)');
    expect(draft.json().description).toContain('not medical advice');
    const trail = await h.db.select().from(auditEvents).where(eq(auditEvents.sessionId, id));
    const asked = trail.find((r) => r.category === 'ai answer' && r.action === 'ask')!;
    expect(JSON.parse(asked.detail!)).toMatchObject({ answerId: done.id, engine: 'built-in', question: 'Summary of results', outputSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('has the same access rules as results', async () => {
    const { doc, patient, id } = await patientWithData(h);
    const other = await createUser(h, { practitionerStatus: 2 });
    expect((await ask(h, other.auth, id, { preset: 'summary' })).res.statusCode).toBe(404);
    expect((await ask(h, patient.auth, id, { preset: 'summary' })).res.statusCode).toBe(401);
    await h.db.update(dataRequests).set({ status: 'declined' }).where(eq(dataRequests.sessionId, id));
    expect((await ask(h, doc.auth, id, { preset: 'summary' })).res.statusCode).toBe(404);
    expect((await ask(h, doc.auth, id, { preset: 'nonsense' })).res.statusCode).toBe(400);
    expect((await ask(h, doc.auth, id, { question: 'x'.repeat(501) })).res.statusCode).toBe(400);
  });
});

describe('Ask AI and the pharmacogenomic report', () => {
  it('names actionable genes with their CPIC recommendation, and a reported medicine that meets one', async () => {
    const { doc, id } = await patientWithData(h);
    const [kit] = await h.db.select().from(kits).where(eq(kits.sessionId, id));
    await importDemoCallSet(h.db, 'thandi.nkosi', kit!.id);
    const actionable = await actionableRows(h.db, kit!.id);
    expect(actionable.rows.length).toBeGreaterThan(0);
    const drug = actionable.rows[0]!.drug;
    const [patientRow] = await h.db.select({ patientId: kits.patientId }).from(kits).where(eq(kits.id, kit!.id));
    await h.db.update(questionnaireResponses).set({ answers: { medicines: `${drug} as needed`, supplements: 'Vitamin D 1000 IU' } })
      .where(eq(questionnaireResponses.patientId, patientRow!.patientId!));
    const done = (await ask(h, doc.auth, id, { preset: 'medicines' })).events.find((e) => e.event === 'done')!.data as AiAnswer;
    const review = done.statements.find((s) => s.text.startsWith(`The patient reports taking ${drug}`));
    expect(review, JSON.stringify(done.statements)).toBeDefined();
    expect(review!.citations).toEqual([expect.stringMatching(/^questionnaire:4:medicines$/), `pgx:${actionable.rows[0]!.gene}:${drug}`]);
    const gene = done.statements.find((s) => s.citations.includes(`pgx:${actionable.rows[0]!.gene}:${drug}`) && s.text.includes('CPIC recommendation'));
    expect(gene).toBeDefined();
    const pgxRecord = done.records.find((r) => r.kind === 'pgx')!;
    expect(pgxRecord.href).toBe(`/sessions/${id}/reports?view=1&name=${encodeURIComponent(drug)}`);
  });
});

describe('Ask AI limits', () => {
  it('limits questions per practitioner with a clear message and Retry-After', async () => {
    const limited = await createTestApp({ AI_RATE_LIMIT: '2' });
    try {
      const { doc, id } = await patientWithData(limited);
      expect((await ask(limited, doc.auth, id, { preset: 'summary' })).res.statusCode).toBe(200);
      expect((await ask(limited, doc.auth, id, { preset: 'summary' })).res.statusCode).toBe(200);
      const { res } = await ask(limited, doc.auth, id, { preset: 'summary' });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().error.message).toMatch(/You can ask again in \d+ seconds/);
    } finally {
      await limited.close();
    }
  });
});

describe('Ask AI, OpenAI-compatible engine', () => {
  it('streams from the engine, sends no patient identifiers, and drops citations to records that do not exist', async () => {
    const received: string[] = [];
    const fake = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(body);
        expect(req.url).toBe('/v1/chat/completions');
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const parts = ['Calcium is worth a look [R1].\n', 'The patient takes a statin [R999].\n', 'Nothing else [R2][R999].'];
        for (const p of parts) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: p } }] })}\n\n`);
        res.write('data: [DONE]\n\n');
        res.end();
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
    const withAi = await createTestApp({ AI_BASE_URL: url, AI_MODEL: 'test-model' });
    try {
      const { doc, patient, id } = await patientWithData(withAi);
      const { events: ev } = await ask(withAi, doc.auth, id, { question: 'What stands out for Zanele Mthembu?' });
      expect(ev.filter((e) => e.event === 'delta').map((e) => e.data.text).join('')).toContain('[R999]');
      const done = ev.find((e) => e.event === 'done')!.data as AiAnswer;
      expect(done).toMatchObject({ engine: 'openai-compatible', model: 'test-model', declined: false });
      expect(done.statements.map((s) => s.citations.length)).toEqual([1, 0, 1]);
      expect(done.statements[1]!.text).toBe('The patient takes a statin.');
      expect(done.records).toHaveLength(2);
      const sent = received.join('');
      for (const identifier of ['Zanele', 'Mthembu', patient.user.email, '+27215550000']) expect(sent).not.toContain(identifier);
      expect(sent).toContain('[patient]');
      expect(JSON.parse(received[0]!)).toMatchObject({ model: 'test-model', stream: true });
    } finally {
      await withAi.close();
      fake.close();
    }
  });
});
