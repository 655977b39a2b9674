import { describe, expect, it } from 'vitest';
import { readEvents } from './ask';

function streamOf(chunks: string[]) {
  const enc = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(c) {
      for (const ch of chunks) c.enqueue(enc.encode(ch));
      c.close();
    },
  });
}

describe('readEvents', () => {
  it('reassembles events split across chunks, in order', async () => {
    const out = [];
    for await (const e of readEvents(streamOf(['event: statement\ndata: {"te', 'xt":"a"}\n\nevent: done\n', 'data: {"id":1}\n\n']))) out.push(e);
    expect(out).toEqual([
      { event: 'statement', data: '{"text":"a"}' },
      { event: 'done', data: '{"id":1}' },
    ]);
  });
});
