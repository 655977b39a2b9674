import { type AiAnswer, type AiStatement, type AskBody } from '@portal/contract';
import { askAiApi } from '@portal/contract/addresses';
import { call } from '../../../lib/api-client';

export type AskStreamEvent = { type: 'statement'; statement: AiStatement } | { type: 'delta'; text: string } | { type: 'done'; answer: AiAnswer };

/** Reads server-sent events from a fetch body: `event:` and `data:` lines, blank line between. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value ?? new Uint8Array(), { stream: !done });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      yield { event, data };
    }
    if (done) return;
  }
}

/** Asks and streams the answer: statements (or raw text from an external engine), then the saved answer. */
export async function* askStream(sessionId: string, body: AskBody, signal?: AbortSignal): AsyncGenerator<AskStreamEvent> {
  const response = await call(askAiApi.ask, { params: { id: sessionId }, body, signal });
  if (!response.body) throw new Error('no answer stream');
  for await (const { event, data } of readEvents(response.body)) {
    const parsed = data ? JSON.parse(data) : null;
    if (event === 'statement') yield { type: 'statement', statement: parsed };
    else if (event === 'delta') yield { type: 'delta', text: parsed.text };
    else if (event === 'done') yield { type: 'done', answer: parsed };
    else if (event === 'error') throw Object.assign(new Error(parsed?.error?.message ?? 'error'), parsed?.error ?? {});
  }
}
