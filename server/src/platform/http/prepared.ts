import type { FastifyReply } from 'fastify';
import { MSG } from '@gsl/contract';
import { encryptBody } from './crypto.js';
import { envelope } from './envelope.js';

/**
 * An answer serialised once and sent many times while it holds (a kept whole-tree answer, issue 18): the
 * envelope's JSON bytes, and their encryption under the API key, made once on first use. AES-CBC with the
 * key's fixed IV (wire contract §3) is deterministic, so these are the bytes the encryption hook would make
 * for every request; a handler returns the same object to each caller and nothing is serialised again.
 */
export class PreparedAnswer {
  readonly json: Buffer;
  private sealed: { key: string; body: Buffer } | undefined;

  constructor(data: unknown, msg: string = MSG.ok) {
    this.json = Buffer.from(JSON.stringify(envelope(200, data ?? null, msg)), 'utf8');
  }

  /** The encrypted answer (base64 text) for `key`. */
  encrypted(key: string): Buffer {
    if (this.sealed?.key !== key) this.sealed = { key, body: Buffer.from(encryptBody(this.json.toString('utf8'), key), 'latin1') };
    return this.sealed.body;
  }
}

const sentAs = new WeakMap<FastifyReply, PreparedAnswer>();

/** Sends a prepared answer as JSON; the encryption hook recognises it by the reply (`preparedOf`). */
export function sendPrepared(reply: FastifyReply, answer: PreparedAnswer): FastifyReply {
  sentAs.set(reply, answer);
  reply.header('content-type', 'application/json; charset=utf-8');
  return reply.send(answer.json);
}

/** The prepared answer this reply is sending, if any. */
export const preparedOf = (reply: FastifyReply): PreparedAnswer | undefined => sentAs.get(reply);
