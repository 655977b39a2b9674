import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_REFUSAL, PGX_TIER_LABELS, type AiAnswer } from '@portal/contract';
import { auditEvents, dataRequests, kits, questionnaireResponses, users } from '../../db/schema';
import { createTestApp, createUser, practice, session, storeSwab, type Harness } from '../../test/harness';
import { computeResults, generateSyntheticGenotypeFile } from '../genetics';
import { importDemoCallSet } from '../demo/demo-pgx';
import { reportForAskAi } from '../pharmacogenomics/service';

let h: Harness;
beforeAll(async () => {
  h = await createTestApp({ AI_RATE_LIMIT: '50' });
});
afterAll(() => h.close());

/** An accepted session with a confirmed data request, synthetic results and questionnaire answers. */
async function patientWithData(app: Harness) {
  const doc = await practice(app);
  const { id, patient } = await session(app, doc);
  await app.db.update(users).set({ firstName: 'Zanele', lastName: 'Mthembu' }).where(eq(users.id, patient.user.id));
  const [kit] = await app.db
    .insert(kits)
    .values({ sampleLabel: `AI-${id.slice(0, 8)}`, sessionId: id, patientId: patient.user.id, status: 'results_available', collectionIds: [1, 3] })
    .returning();
  const swab = computeResults(generateSyntheticGenotypeFile(`ask-ai:${id}`));
  await storeSwab(app, kit!.id, swab);
  await app.db.insert(questionnaireResponses).values([
    { patientId: patient.user.id, questionnaireId: 2, answers: { pattern: 'Vegetarian', dairy: '0' }, completedAt: new Date() },
    { patientId: patient.user.id, questionnaireId: 4, answers: { medicines: 'Simvastatin 40 mg', supplements: 'Vitamin D 1000 IU' }, completedAt: new Date() },
  ]);
  await app.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/data-request`, headers: doc.auth });
  await app.db.update(dataRequests).set({ status: 'confirmed', answeredAt: new Date() }).where(eq(dataRequests.sessionId, id));
  return { doc, patient, id, swab };
}

function events(payload: string) {
  return payload
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
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
          expect(s.text).toMatch(/^Not (calculated|scored)/);
          expect(s.text).not.toMatch(/decreased|increased|average/i);
        }
      }
      for (const s of done.evidence) for (const c of s.citations) expect(refs.has(c), c).toBe(true);
      for (const r of done.records)
        expect(r.href).toMatch(new RegExp(`^/sessions/${id}/(result/[0-9a-f-]+/components/[a-z0-9-]+|questionnaires/\\d+|reports\\?view=1&name=[^&]+)?$`));
      expect(done.dataDate).not.toBeNull();
    }
  });

  it('answers a free question from the matching records and declines what the records cannot answer', async () => {
    const { doc, id } = await patientWithData(h);
    const meds = (await ask(h, doc.auth, id, { question: 'Which medicines does the patient take?' })).events.find((e) => e.event === 'done')!.data as AiAnswer;
    expect(meds.statements.map((s) => s.text).join(' ')).toContain('Simvastatin 40 mg');
    const off = (await ask(h, doc.auth, id, { question: 'What is the capital of France?' })).events.find((e) => e.event === 'done')!.data as AiAnswer;
    expect(off).toMatchObject({ declined: true, records: [], evidence: [], statements: [{ text: AI_REFUSAL, citations: [] }] });
  });

  it('saves answers, reopens them, adds only the ticked lines to the journal draft, and writes the audit trail', async () => {
    const { doc, id } = await patientWithData(h);
    const done = (await ask(h, doc.auth, id, { preset: 'summary' })).events.find((e) => e.event === 'done')!.data as AiAnswer;
    const list = await h.app.inject({ url: `/api/portal/sessions/${id}/ai/answers`, headers: doc.auth });
    expect(list.json().results[0]).toMatchObject({ id: done.id, preset: 'summary', question: 'Summary of results' });
    expect((await h.app.inject({ url: `/api/portal/sessions/${id}/ai/answers/${done.id}`, headers: doc.auth })).json()).toEqual(done);
    const toJournal = (statements: unknown) =>
      h.app.inject({ method: 'POST', url: `/api/portal/sessions/${id}/ai/answers/${done.id}/journal-draft`, headers: doc.auth, payload: { statements } });
    expect(done.statements.length).toBeGreaterThan(1);
    // Nothing ticked, or a line the answer does not have: refused, and no draft written.
    for (const bad of [[], [done.statements.length], [-1], ['0']]) expect((await toJournal(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await h.app.inject({ url: `/api/portal/sessions/${id}/journal/`, headers: doc.auth })).json().entry ?? null).toBeNull();
    const draft = await toJournal([0]);
    expect(draft.json()).toMatchObject({ status: 'Saved' });
    const text = draft.json().description as string;
    // Plain words only: no source list, no engine label, no disclaimer (issue 31: the practitioner's note).
    expect(text).not.toContain('not medical advice');
    expect(text).not.toMatch(/questionnaire:|component:|pgx:/);
    // The ticked line goes to the journal as plain text; the lines not ticked and the evidence do not.
    expect(text).toContain(done.statements[0]!.text);
    expect(text).not.toMatch(/[<>]|\*\*/);
    for (const st of done.statements.slice(1).filter((st) => !done.statements[0]!.text.includes(st.text))) expect(text).not.toContain(st.text);
    for (const e of done.evidence.filter((e) => !done.statements[0]!.text.includes(e.text))) expect(text).not.toContain(e.text);
    const trail = await h.db.select().from(auditEvents).where(eq(auditEvents.sessionId, id));
    const asked = trail.find((r) => r.category === 'ai answer' && r.action === 'ask')!;
    expect(JSON.parse(asked.detail!)).toMatchObject({
      answerId: done.id,
      engine: 'built-in',
      question: 'Summary of results',
      outputSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
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
  it("puts a medicine the patient takes with an actionable verdict first, in the Overview's words, citing the questionnaire and the verdict", async () => {
    const { doc, patient, id } = await patientWithData(h);
    const [kit] = await h.db.select().from(kits).where(eq(kits.sessionId, id));
    await importDemoCallSet(h.db, 'thandi.nkosi', kit!.id);
    const before = (await reportForAskAi(h.db, kit!.id, patient.user, id))!;
    // A drug whose verdict changes prescribing (avoid, or a dose change) that the patient does not take yet.
    const verdict = before.reading.verdicts.find((v) => (v.tier === 'avoid' || v.tier === 'adjust') && !v.taking)!;
    const drug = verdict.drug;
    await h.db
      .update(questionnaireResponses)
      .set({ answers: { medicines: `${drug} as needed`, supplements: 'Vitamin D 1000 IU' } })
      .where(eq(questionnaireResponses.patientId, patient.user.id));
    // The reading follows the questionnaire as it is now: the verdict says the patient takes the drug.
    const report = (await reportForAskAi(h.db, kit!.id, patient.user, id))!;
    expect(report.reading.medicines.taking).toContain(drug.toLowerCase());
    expect(report.reading.verdicts.find((v) => v.drug === drug)!.taking).toBe(true);

    const summary = (await ask(h, doc.auth, id, { preset: 'summary' })).events.find((e) => e.event === 'done')!.data as AiAnswer;
    const first = summary.statements[0]!;
    expect(first.text).toMatch(new RegExp(`^${drug} \\(currently taking\\): ${PGX_TIER_LABELS[verdict.tier].replace(/[()]/g, '\\$&')}`, 'i'));
    expect(first.citations).toEqual(expect.arrayContaining(['questionnaire:4:medicines', `pgx:${drug}`]));
    const record = summary.records.find((r) => r.ref === `pgx:${drug}`)!;
    expect(record.href).toBe(`/sessions/${id}/reports?view=1&name=${encodeURIComponent(drug)}`);

    const medicines = (await ask(h, doc.auth, id, { preset: 'medicines' })).events.find((e) => e.event === 'done')!.data as AiAnswer;
    // The list as the patient wrote it, then the verdict of the medicine taken, in full.
    expect(medicines.statements[0]!.text).toContain(`${drug} as needed`);
    expect(medicines.statements[1]!.text.startsWith(`${drug.charAt(0).toUpperCase()}${drug.slice(1)} (currently taking): `)).toBe(true);
    for (const g of verdict.readings.flatMap((r) => r.genes)) expect(medicines.statements[1]!.text).toContain(g.gene);
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

describe('Ask AI, OpenAI-compatible engine (the official SDK against a local chat-completions server)', () => {
  /** What the local server does with the next request: stream an answer, never answer, or fail. */
  let mode: 'stream' | 'silent' | 'fail' = 'stream';
  const received: Array<{ url?: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const fake = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ url: req.url, headers: req.headers, body });
      if (mode === 'silent') return; // holds the connection open: the portal's deadline must end it
      if (mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'model crashed', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const parts = ['Calcium is worth a look [R1].\n', 'The patient takes a statin [R999].\n', 'Nothing else [R2][R999].'];
      for (const p of parts)
        res.write(
          `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'test-model', choices: [{ index: 0, delta: { content: p }, finish_reason: null }] })}\n\n`,
        );
      res.write('data: [DONE]\n\n');
      res.end();
    });
  });
  let withAi: Harness;
  beforeAll(async () => {
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
    withAi = await createTestApp({ AI_BASE_URL: url, AI_MODEL: 'test-model', AI_API_KEY: 'sk-local-test', AI_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await withAi?.close();
    fake.closeAllConnections();
    fake.close();
  });

  it('streams from the engine, sends no patient identifiers, and drops (and counts) citations to records that do not exist', async () => {
    mode = 'stream';
    received.length = 0;
    const { doc, patient, id } = await patientWithData(withAi);
    const { events: ev } = await ask(withAi, doc.auth, id, { question: 'What stands out for Zanele Mthembu?' });
    expect(
      ev
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toContain('[R999]');
    const done = ev.find((e) => e.event === 'done')!.data as AiAnswer;
    expect(done).toMatchObject({ engine: 'openai-compatible', model: 'test-model', declined: false, note: null, droppedCitations: 2, evidence: [] });
    expect(done.statements.map((s) => s.citations.length)).toEqual([1, 0, 1]);
    expect(done.statements[1]!.text).toBe('The patient takes a statin.');
    expect(done.records).toHaveLength(2);
    const [request] = received;
    expect(request!.url).toBe('/v1/chat/completions');
    // The official SDK made the call, with the configured key.
    expect(request!.headers['user-agent']).toMatch(/^OpenAI\/JS /);
    expect(request!.headers.authorization).toBe('Bearer sk-local-test');
    const sent = request!.body;
    for (const identifier of ['Zanele', 'Mthembu', patient.user.email, '+27215550000']) expect(sent).not.toContain(identifier);
    expect(sent).toContain('[patient]');
    const body = JSON.parse(sent);
    expect(body).toMatchObject({ model: 'test-model', stream: true });
    // The same length rules as the built-in engine, in the prompt.
    expect(body.messages[0].content).toContain('at most 200 words');
    expect(body.messages[0].content).toContain(AI_REFUSAL);
  });

  it('falls back to the built-in engine, with a note, when the engine does not answer in time', async () => {
    mode = 'silent';
    const { doc, id } = await patientWithData(withAi);
    const started = Date.now();
    const done = (await ask(withAi, doc.auth, id, { preset: 'summary' })).events.find((e) => e.event === 'done')!.data as AiAnswer;
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(done).toMatchObject({
      engine: 'built-in',
      model: null,
      declined: false,
      note: 'The external engine did not answer within 2 s. This answer is from the built-in engine.',
    });
    expect(done.statements.length).toBeGreaterThan(0);
    for (const s of done.statements) expect(s.citations.length).toBeGreaterThan(0);
    const trail = await withAi.db.select().from(auditEvents).where(eq(auditEvents.sessionId, id));
    expect(JSON.parse(trail.find((r) => r.action === 'ask')!.detail!)).toMatchObject({ engine: 'built-in', fallback: true });
  });

  it('falls back to the built-in engine, with a note, when the engine answers 500 (no retries)', async () => {
    mode = 'fail';
    received.length = 0;
    const { doc, id } = await patientWithData(withAi);
    const done = (await ask(withAi, doc.auth, id, { question: 'What is the capital of France?' })).events.find((e) => e.event === 'done')!.data as AiAnswer;
    expect(done).toMatchObject({
      engine: 'built-in',
      note: 'The external engine answered with an error (HTTP 500). This answer is from the built-in engine.',
      declined: true,
    });
    expect(done.statements).toEqual([{ text: AI_REFUSAL, citations: [] }]);
    expect(received).toHaveLength(1);
  });
});
