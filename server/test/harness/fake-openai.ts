import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** A chat-completions request as the fake received it. */
export interface ChatBody {
  model: string;
  messages: Array<{ role: string; content: string | null; tool_calls?: unknown[] }>;
  tools?: Array<{ function: { name: string } }>;
}

/** How a fake answer is written: streamed chunks (`delta` of chat.completion.chunk), then the end of the stream. */
export interface ChunkWriter {
  delta(delta: object, finish?: string | null): void;
  end(): void;
  /** The response itself (a test that holds the stream open watches its `close`). */
  res: http.ServerResponse;
}

/**
 * A local fake of an OpenAI-compatible chat-completions API (POST /v1/chat/completions, streamed as
 * server-sent events), listening on 127.0.0.1 for the test file: `answer` writes each request's
 * chunks. Requests without `Bearer <key>` are refused with 401 as the real API refuses them. `base`
 * is the AI_BASE_URL to configure (read it lazily: it is known once the file's hooks have run).
 */
export function useFakeOpenAi(answer: (body: ChatBody, out: ChunkWriter) => void, key = 'test-key') {
  const received: ChatBody[] = [];
  const fake = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.url !== '/v1/chat/completions' || req.headers.authorization !== `Bearer ${key}`) {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'bad key' } }));
        return;
      }
      const body = JSON.parse(raw) as ChatBody;
      received.push(body);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      answer(body, {
        delta: (delta, finish = null) =>
          res.write(
            `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
          ),
        end: () => res.end('data: [DONE]\n\n'),
        res,
      });
    });
  });
  const state = { base: '', received, key };
  beforeAll(async () => {
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    state.base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => {
    // The client keeps its connections for reuse; close would wait for them.
    fake.closeAllConnections();
    return new Promise<void>((r) => fake.close(() => r()));
  });
  return state;
}
