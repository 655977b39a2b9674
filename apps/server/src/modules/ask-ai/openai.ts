import type { AiStatement } from '@portal/contract';
import type { EngineAnswer } from './builtin';
import type { SourceRecord } from './records';

export interface OpenAiConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

const SYSTEM_PROMPT = [
  'You assist a registered health practitioner who is reviewing one patient.',
  'Use ONLY the numbered records below. Do not use outside knowledge about this patient, and do not guess.',
  'Write short plain statements, one per line. End every statement with the ids of the records it comes from in square brackets, e.g. [R2][R5].',
  "A record marked 'not calculated' has no score: name it as not calculated and never interpret it.",
  "If the records cannot answer the question, reply with exactly one line: The patient's records cannot answer this.",
  'This supports the practitioner; it is not medical advice and not a diagnosis.',
].join('\n');

/** Replaces the patient's identifiers (name, email, phone) before anything leaves the server. */
export function scrub(text: string, identifiers: string[]): string {
  let out = text;
  for (const id of [...identifiers].sort((a, b) => b.length - a.length)) {
    if (id.length < 2) continue;
    out = out.replace(new RegExp(id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '[patient]');
  }
  return out;
}

/** The records as the model sees them: numbered, no internal ids, no identifiers. */
export function recordsPrompt(records: SourceRecord[], identifiers: string[]): string {
  return records
    .map((r, i) => {
      const facts = Object.entries(r.facts).filter(([, v]) => v !== null && v !== '').map(([k, v]) => `${k}: ${v}`).join('; ');
      return scrub(`R${i + 1} (${r.kind}, ${r.date ?? 'undated'}) ${r.label} — ${facts}`, identifiers);
    })
    .join('\n');
}

/** Streams the completion's text from an OpenAI-compatible /chat/completions endpoint. */
export async function* streamCompletion(config: OpenAiConfig, messages: Array<{ role: string; content: string }>, signal?: AbortSignal): AsyncGenerator<string> {
  const res = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
    body: JSON.stringify({ model: config.model, messages, stream: true, temperature: 0.1 }),
    signal,
  });
  if (!res.ok || !res.body) throw new Error(`the AI engine answered ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      try {
        const delta = JSON.parse(data)?.choices?.[0]?.delta?.content;
        if (typeof delta === 'string' && delta) yield delta;
      } catch {
        // a keep-alive or a malformed line: skip it
      }
    }
  }
}

export function buildMessages(records: SourceRecord[], identifiers: string[], question: string) {
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: `Records:\n${recordsPrompt(records, identifiers)}\n\nQuestion: ${scrub(question, identifiers)}` },
  ];
}

/**
 * Turns the model's text into statements whose citations are checked against the records: an id
 * that names no record is dropped, so nothing is shown as sourced that is not.
 */
export function parseCitedText(text: string, records: SourceRecord[]): EngineAnswer {
  const statements: AiStatement[] = [];
  for (const raw of text.split(/\n+/)) {
    const line = raw.replace(/^[-*•\d.)\s]+/, '').trim();
    if (!line) continue;
    const ids = [...line.matchAll(/\[R(\d+)\]/g)].map((m) => Number(m[1]));
    const citations = [...new Set(ids.filter((n) => n >= 1 && n <= records.length).map((n) => records[n - 1]!.ref))];
    statements.push({ text: line.replace(/\s*\[R\d+\]/g, '').trim(), citations });
  }
  const declined = statements.length === 0 || (statements.length === 1 && /records cannot answer/i.test(statements[0]!.text));
  return { statements: statements.length ? statements : [{ text: "The patient's records cannot answer this.", citations: [] }], declined };
}
