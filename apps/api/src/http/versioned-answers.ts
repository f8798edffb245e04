import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { zodSchemaOf } from './serializer.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';

/** Below this an answer goes as it is, as @fastify/compress does. */
const COMPRESS_FROM_BYTES = 1024;

interface Answer {
  version: string;
  json: Buffer;
  /** Compressed once, on the first client that accepts the encoding; shared while it runs. */
  encoded: Map<Encoding, Promise<Buffer>>;
}

/**
 * An answer its service wrote as JSON itself, from pieces each validated against the route's
 * schema of one item (`validatedJson`) and kept between versions (the programs list keeps each
 * program's JSON until a write touches the program): sent as it is, not validated again.
 */
export class PreparedJson {
  constructor(readonly json: string) {}
}

/** A value validated against its schema and written from the parsed value, as an answer is. */
export function validatedJson(schema: $ZodType, value: unknown): string {
  const result = safeParse(schema, value);
  if (result.error)
    throw new Error('A piece of an answer breaks its contract', { cause: result.error });
  return JSON.stringify(result.data);
}

export interface VersionedAnswersOptions {
  /** Bytes of JSON the cache may hold (each answer counts twice: its JSON and its compressions). */
  maxBytes?: number;
}

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Send the answer known under `key` at `version`, computing it only when the version moved
     * (or it was evicted): validated against the route's 200 schema, serialised and compressed
     * once, then served as bytes (a `PreparedJson` as its service wrote it). The caller reads the
     * version first (modules/farms/data-versions.service.ts: kept in memory, moved by the
     * database's notification), so an answer is never older than the data it names; `key`
     * must name everything else the answer depends on (the account, the farm, the farms the
     * session sees).
     */
    versionedAnswer(key: string, version: string, compute: () => Promise<unknown>): Promise<void>;
  }
}

/**
 * Large lists read far more often than written (a farm's 2,000 plots are 1.3 MB of JSON) cost
 * their query, their validation, their JSON and their compression on every call. Here they cost
 * those once per version of the data, per process; the version comes from a counter the database
 * moves on every write (migration 0007), so every process agrees on when an answer is stale, and
 * each process keeps it in memory until the database's notification moves it (migration 0027).
 */
export function registerVersionedAnswers(
  app: FastifyInstance,
  options: VersionedAnswersOptions = {},
): void {
  const answers = new LRUCache<string, Answer>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (answer) => answer.json.length * 2,
  });
  const computing = new Map<string, Promise<Answer>>();

  async function answerFor(
    reply: FastifyReply,
    key: string,
    version: string,
    compute: () => Promise<unknown>,
  ): Promise<Answer> {
    const known = answers.get(key);
    if (known?.version === version) return known;
    // Fifty callers arriving on a cold answer wait for one computation, not fifty.
    const slot = `${key}\u0000${version}`;
    const running = computing.get(slot);
    if (running) return running;
    const work = (async () => {
      const computed = await compute();
      let json: string;
      if (computed instanceof PreparedJson) json = computed.json;
      else {
        const { method, url } = reply.request;
        const schema = reply.request.routeOptions.schema?.response as Record<string, unknown>;
        const result = safeParse(zodSchemaOf(schema[200]), computed);
        if (result.error)
          throw new ResponseSerializationError(method, url, { cause: result.error });
        json = JSON.stringify(result.data);
      }
      const answer: Answer = { version, json: Buffer.from(json), encoded: new Map() };
      answers.set(key, answer);
      return answer;
    })();
    computing.set(slot, work);
    try {
      return await work;
    } finally {
      computing.delete(slot);
    }
  }

  app.decorateReply(
    'versionedAnswer',
    async function (this: FastifyReply, key: string, version: string, compute) {
      const answer = await answerFor(this, key, version, compute);
      this.header('content-type', 'application/json; charset=utf-8').header(
        'vary',
        'accept-encoding',
      );
      const accepted = this.request.headers['accept-encoding'];
      const encoding =
        answer.json.length >= COMPRESS_FROM_BYTES && accepted
          ? negotiate(accepted, ['br', 'gzip'])
          : null;
      if (encoding !== 'br' && encoding !== 'gzip') {
        // Sent as it is: @fastify/compress leaves an answer alone when the client accepts nothing.
        await this.send(answer.json);
        return;
      }
      let encoded = answer.encoded.get(encoding);
      if (!encoded) {
        encoded =
          encoding === 'br'
            ? // Quality 5: a tenth of the maximum's time for a few per cent more bytes.
              brotli(answer.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
            : gzip(answer.json);
        answer.encoded.set(encoding, encoded);
      }
      await this.header('content-encoding', encoding).send(await encoded);
    },
  );
}
