import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.ts';

const item = z.object({ id: z.number().int(), name: z.string() });

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A bare app answering GET / with whatever `answer` returns, checked against a list of items. */
async function appAnswering(answer: () => unknown): Promise<FastifyInstance> {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/',
      { schema: { response: { 200: z.array(item) } } },
      async () => answer() as z.input<typeof item>[],
    );
  await app.ready();
  return app;
}

describe('response serializer', () => {
  it('answers the parsed value: keys the schema does not list are left out', async () => {
    const server = await appAnswering(() => [{ id: 1, name: 'soybean', secret: 'x' }]);
    const response = await server.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('[{"id":1,"name":"soybean"}]');
  });

  it('refuses an answer that breaks the contract, frozen or not, every time', async () => {
    const frozen = Object.freeze([Object.freeze({ id: 'one', name: 'soybean' })]);
    for (const answer of [[{ id: 'one', name: 'soybean' }], frozen]) {
      const server = await appAnswering(() => answer);
      for (let call = 0; call < 2; call++) {
        const response = await server.inject({ method: 'GET', url: '/' });
        expect(response.statusCode).toBe(500);
      }
      await server.close();
      app = undefined;
    }
  });

  it('checks an answer again on every call unless all of it is frozen', async () => {
    // Frozen on the outside only: the items may still change, so each call validates them.
    const inner = { id: 1, name: 'soybean' };
    const shallow = Object.freeze([inner]);
    const server = await appAnswering(() => shallow);
    expect((await server.inject({ method: 'GET', url: '/' })).body).toBe(
      '[{"id":1,"name":"soybean"}]',
    );
    inner.name = 'wheat';
    expect((await server.inject({ method: 'GET', url: '/' })).body).toBe(
      '[{"id":1,"name":"wheat"}]',
    );
    (inner as { id: unknown }).id = 'broken';
    expect((await server.inject({ method: 'GET', url: '/' })).statusCode).toBe(500);
  });

  it('serialises a deeply frozen answer once and answers the same text after', async () => {
    let parses = 0;
    const counted = z.array(
      item.transform((value) => {
        parses += 1;
        return value;
      }),
    );
    app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    const constant = Object.freeze([Object.freeze({ id: 2, name: 'wheat' })]);
    app.get('/', { schema: { response: { 200: counted } } }, async () => constant);
    const first = await app.inject({ method: 'GET', url: '/' });
    const second = await app.inject({ method: 'GET', url: '/' });
    expect(first.body).toBe('[{"id":2,"name":"wheat"}]');
    expect(second.body).toBe(first.body);
    expect(parses).toBe(1);
  });
});
