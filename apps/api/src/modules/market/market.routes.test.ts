import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { outboxMailer } from '../../providers/mail/mailer.ts';
import { bcbIpeadataMarketProvider } from '../../providers/market/bcb-ipeadata-market-provider.ts';
import {
  MarketProviderError,
  type MarketProvider,
} from '../../providers/market/market-provider.ts';
import { simulatedMarketProvider } from '../../providers/market/simulated-market-provider.ts';
import { accountWith, bearer } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { MarketService } from './market.service.ts';

let app: TestApp;
let token: string;
let observerToken: string;

beforeAll(async () => {
  app = await createTestApp();
  // A Thursday: markets publish that day.
  app.clock.now = new Date('2026-11-26T15:00:00Z');
  const account = await accountWith(app, ['CONTA', 'ASSISTENTE_TECNICO'], { planId: 5 });
  token = account.members.CONTA!.token;
  observerToken = account.members.ASSISTENTE_TECNICO!.token;
});
afterAll(async () => {
  await app.close();
});

const get = (target: FastifyInstance, url: string, as = token) =>
  target.inject({ method: 'GET', url, headers: bearer(as) });

describe('market data from the simulated default', () => {
  it('answers soybean quotes in R$ per 60 kg sack at Paraná levels, marked simulated', async () => {
    const answer = await get(app.app, '/api/markets?crop_id=1');
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.simulated).toBe(true);
    expect(body.source).toBe('simulated');
    expect(body.quotes.length).toBeGreaterThan(0);
    for (const quote of body.quotes) {
      expect(quote).toMatchObject({
        crop_id: 1,
        currency: 'BRL',
        unit: 'sc60kg',
        date: '2026-11-26',
      });
      expect(quote.price).toBeGreaterThan(115);
      expect(quote.price).toBeLessThan(145);
      expect(typeof quote.percentage_variation).toBe('number');
      expect(typeof quote.name).toBe('string');
    }
  });

  it('filters by crop: wheat quotes only, at wheat levels; both crops without a filter', async () => {
    const wheat = (await get(app.app, '/api/markets?crop_id=2')).json();
    expect(wheat.quotes.length).toBeGreaterThan(0);
    for (const quote of wheat.quotes) {
      expect(quote.crop_id).toBe(2);
      expect(quote.price).toBeGreaterThan(60);
      expect(quote.price).toBeLessThan(95);
    }
    const all = (await get(app.app, '/api/markets')).json();
    expect(all.simulated).toBe(true);
    expect(new Set(all.quotes.map((q: { crop_id: number }) => q.crop_id))).toEqual(new Set([1, 2]));
  });

  it('refuses a crop that has no quotes or is no number: 400 with the field', async () => {
    for (const value of ['3', 'abc', '1.5', '0']) {
      const answer = await get(app.app, `/api/markets?crop_id=${value}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().key).toBe('exception.validation_error');
      expect(answer.json().context.additionalInfo[0].field).toBe('querystring.crop_id');
    }
  });

  it('answers CBOT indexes in US$ per bushel with a contract, open and close', async () => {
    const answer = await get(app.app, '/api/market-indexes');
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ simulated: true, unavailable_reason: null });
    const soybean = body.indexes.find((index: { name: string }) => index.name === 'CBOT Soybean');
    expect(soybean).toMatchObject({ currency: 'USD', unit: 'bu', date: '2026-11-26' });
    expect(soybean.contract_type).toBe('ZSF27');
    expect(soybean.close).toBeGreaterThan(9.5);
    expect(soybean.close).toBeLessThan(12.5);
    expect(Math.abs(soybean.open - soybean.close) / soybean.close).toBeLessThan(0.05);
    expect(
      body.indexes.find((index: { name: string }) => index.name === 'CBOT Wheat'),
    ).toBeTruthy();
  });

  it('answers the dollar in reais (usd_brl), marked simulated; an observer reads it too', async () => {
    const answer = await get(app.app, '/api/dollar-quotation', observerToken);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.simulated).toBe(true);
    expect(body.usd_brl).toBeGreaterThan(4.8);
    expect(body.usd_brl).toBeLessThan(6);
    expect(body.date).toBe('2026-11-26');
  });

  it('needs a session', async () => {
    for (const url of ['/api/markets', '/api/market-indexes', '/api/dollar-quotation']) {
      const answer = await app.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(401);
    }
  });

  it('is deterministic per day and quotes the last weekday on a weekend', async () => {
    const provider = simulatedMarketProvider();
    const friday = await provider.quotes(1, '2026-11-27');
    expect(await provider.quotes(1, '2026-11-27')).toEqual(friday);
    const saturday = await provider.quotes(1, '2026-11-28');
    expect(saturday).toEqual(friday);
    expect(friday.quotes[0]!.date).toBe('2026-11-27');
    const monday = await provider.quotes(1, '2026-11-30');
    expect(monday.quotes[0]!.price).not.toBe(friday.quotes[0]!.price);
  });
});

/** A provider whose calls are counted and which fails while `failing` is set. */
function countingProvider() {
  const simulated = simulatedMarketProvider();
  const state = { calls: 0, failing: false };
  const guard = <T>(call: () => Promise<T>) => {
    state.calls += 1;
    if (state.failing) return Promise.reject(new MarketProviderError('source down'));
    return call();
  };
  const provider: MarketProvider = {
    kind: 'simulated',
    quotes: (crop, day) => guard(() => simulated.quotes(crop, day)),
    indexes: (day) => guard(() => simulated.indexes(day)),
    dollar: (day) => guard(() => simulated.dollar(day)),
  };
  return { provider, state };
}

async function appWith(provider: MarketProvider, clock: { now: Date }) {
  const built = await buildApp({
    db: app.db,
    maintenance: { enabled: false },
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    mailer: outboxMailer(app.outboxDir, 'Lavoura <no-reply@lavoura.test>'),
    publicUrl: 'http://lavoura.test',
    now: () => clock.now,
    marketProvider: provider,
    rateLimits: false,
  });
  await built.ready();
  return built;
}

describe('caching and provider failures', () => {
  it('asks the provider once an hour; a failure answers 502 and is not kept', async () => {
    const clock = { now: new Date('2026-11-26T15:00:00Z') };
    const { provider, state } = countingProvider();
    const other = await appWith(provider, clock);
    try {
      const first = await get(other, '/api/dollar-quotation');
      const again = await get(other, '/api/dollar-quotation');
      expect(again.json()).toEqual(first.json());
      expect(state.calls).toBe(1);

      clock.now = new Date('2026-11-26T16:00:00Z');
      state.failing = true;
      for (const url of [
        '/api/markets?crop_id=1',
        '/api/market-indexes',
        '/api/dollar-quotation',
      ]) {
        const failed = await get(other, url);
        expect(failed.statusCode).toBe(502);
        expect(failed.json().key).toBe('exception.provider_unavailable');
      }
      state.failing = false;
      const recovered = await get(other, '/api/dollar-quotation');
      expect(recovered.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('summary() gives the soybean and wheat quotes and the dollar for the notification', async () => {
    const service = new MarketService({
      provider: simulatedMarketProvider(),
      now: () => new Date('2026-11-26T15:00:00Z'),
    });
    const summary = await service.summary();
    expect(summary.simulated).toBe(true);
    expect(summary.soybean.every((quote) => quote.crop_id === 1)).toBe(true);
    expect(summary.wheat.every((quote) => quote.crop_id === 2)).toBe(true);
    expect(summary.soybean.length).toBeGreaterThan(0);
    expect(summary.dollar.usd_brl).toBeGreaterThan(4.8);
  });
});

/**
 * The real sources, served by a local fake shaped as they document their answers:
 * - PTAX: https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/documentacao (CotacaoDolarPeriodo,
 *   `{"@odata.context", value: [{cotacaoCompra, cotacaoVenda, dataHoraCotacao}]}`);
 * - ipeadata: http://www.ipeadata.gov.br/api/ (OData v4: `Metadados('code')` with SERNOME, UNINOME…,
 *   `ValoresSerie(SERCODIGO='code')` with `{SERCODIGO, VALDATA, VALVALOR, NIVNOME, TERCODIGO}`).
 * The series codes are made up for the test.
 */
function fakeSources() {
  const requests: string[] = [];
  const state = { down: false };
  const ipeaSeries: Record<string, { name: string; unit: string; values: [string, number][] }> = {
    TEST12_SOJAPR12: {
      name: 'Soja - preço médio - Paraná',
      unit: 'R$/sc 60 kg',
      values: [
        ['2026-11-24T00:00:00-03:00', 126.1],
        ['2026-11-26T00:00:00-03:00', 128.62],
        ['2026-11-25T00:00:00-03:00', 127.0],
      ],
    },
    TEST12_SOJAPGUSD12: {
      name: 'Soja - Paranaguá - US$',
      unit: 'US$',
      values: [['2026-11-26T00:00:00-03:00', 24.1]],
    },
  };
  const server = http.createServer((request, response) => {
    const url = decodeURIComponent(request.url ?? '');
    requests.push(url);
    const reply = (status: number, answer: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(answer));
    };
    if (state.down) return reply(500, { error: { code: '', message: 'Internal error' } });
    if (url.startsWith('/olinda/servico/PTAX/versao/v1/odata/CotacaoDolarPeriodo(')) {
      return reply(200, {
        '@odata.context':
          'https://was-p.bcnet.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata$metadata#_CotacaoDolarPeriodo(cotacaoCompra,cotacaoVenda,dataHoraCotacao)',
        value: [
          {
            cotacaoCompra: 5.3321,
            cotacaoVenda: 5.3327,
            dataHoraCotacao: '2026-11-24 13:04:29.87',
          },
          {
            cotacaoCompra: 5.3512,
            cotacaoVenda: 5.3518,
            dataHoraCotacao: '2026-11-25 13:05:31.472',
          },
        ],
      });
    }
    const metadata = /^\/api\/odata4\/Metadados\('([^']+)'\)$/.exec(url);
    if (metadata) {
      const series = ipeaSeries[metadata[1]!];
      return reply(200, {
        '@odata.context': 'http://www.ipeadata.gov.br/api/odata4/$metadata#Metadados',
        value: series
          ? [
              {
                SERCODIGO: metadata[1],
                SERNOME: series.name,
                SERCOMENTARIO: '',
                SERATUALIZACAO: '2026-11-26T10:00:00-03:00',
                BASNOME: 'Macroeconômico',
                FNTSIGLA: 'TEST',
                FNTNOME: 'Test source',
                FNTURL: 'http://example.test',
                PERNOME: 'Diária',
                UNINOME: series.unit,
                MULNOME: null,
                SERSTATUS: 'A',
                TEMCODIGO: 1,
                PAICODIGO: 'BRA',
                SERNUMERICA: true,
              },
            ]
          : [],
      });
    }
    const values = /^\/api\/odata4\/ValoresSerie\(SERCODIGO='([^']+)'\)$/.exec(url);
    if (values) {
      const series = ipeaSeries[values[1]!];
      return reply(200, {
        '@odata.context': 'http://www.ipeadata.gov.br/api/odata4/$metadata#ValoresSerie',
        value: (series?.values ?? []).map(([date, value]) => ({
          SERCODIGO: values[1],
          VALDATA: date,
          VALVALOR: value,
          NIVNOME: '',
          TERCODIGO: '',
        })),
      });
    }
    return reply(404, { error: { code: '', message: 'not found' } });
  });
  return { server, requests, state };
}

describe('the bcb-ipeadata adapter against its documented answers', () => {
  let fake: ReturnType<typeof fakeSources>;
  let real: FastifyInstance;
  const clock = { now: new Date('2026-11-26T15:00:00Z') };

  beforeAll(async () => {
    fake = fakeSources();
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    real = await appWith(
      bcbIpeadataMarketProvider({
        ptaxUrl: `${base}/olinda/servico/PTAX/versao/v1/odata/`,
        ipeadataUrl: `${base}/api/odata4`,
        series: { 1: ['TEST12_SOJAPR12', 'TEST12_SOJAPGUSD12'] },
      }),
      clock,
    );
  });
  afterAll(async () => {
    await real.close();
    fake.server.close();
  });

  it('reads the dollar from PTAX: the latest selling rate, its day and the change', async () => {
    const answer = await get(real, '/api/dollar-quotation');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      simulated: false,
      source: 'bcb-ipeadata',
      usd_brl: 5.3518,
      date: '2026-11-25',
      percentage_variation: 0.36,
    });
    const asked = fake.requests.find((url) => url.includes('CotacaoDolarPeriodo'))!;
    expect(asked).toContain("@dataInicial='11-16-2026'");
    expect(asked).toContain("@dataFinalCotacao='11-26-2026'");
    expect(asked).toContain('$format=json');
  });

  it('reads crop quotes from the ipeadata series in their own currency, none converted', async () => {
    const answer = await get(real, '/api/markets?crop_id=1');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      simulated: false,
      source: 'bcb-ipeadata',
      quotes: [
        {
          name: 'Soja - preço médio - Paraná',
          date: '2026-11-26',
          price: 128.62,
          percentage_variation: 1.28,
          crop_id: 1,
          currency: 'BRL',
          unit: 'sc60kg',
        },
        {
          name: 'Soja - Paranaguá - US$',
          date: '2026-11-26',
          price: 24.1,
          percentage_variation: null,
          crop_id: 1,
          currency: 'USD',
          unit: null,
        },
      ],
    });
    // No series configured for wheat: an empty list, not simulated data.
    expect((await get(real, '/api/markets?crop_id=2')).json()).toEqual({
      simulated: false,
      source: 'bcb-ipeadata',
      quotes: [],
    });
  });

  it('has no public futures source: indexes are empty with the reason', async () => {
    expect((await get(real, '/api/market-indexes')).json()).toEqual({
      simulated: false,
      source: 'bcb-ipeadata',
      indexes: [],
      unavailable_reason: 'no_public_source',
    });
  });

  it('answers 502 exception.provider_unavailable while the source fails', async () => {
    clock.now = new Date('2026-11-26T18:00:00Z');
    fake.state.down = true;
    try {
      for (const url of ['/api/dollar-quotation', '/api/markets?crop_id=1']) {
        const answer = await get(real, url);
        expect(answer.statusCode).toBe(502);
        expect(answer.json().key).toBe('exception.provider_unavailable');
      }
    } finally {
      fake.state.down = false;
    }
  });
});
