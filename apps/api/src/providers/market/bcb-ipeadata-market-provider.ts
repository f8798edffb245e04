import type { CropId, MarketCurrency, MarketQuote, MarketUnit } from '@lavoura/domain';
import { MarketProviderError, percentChange, type MarketProvider } from './market-provider.ts';

/** The `source` of this adapter's answers. */
const BCB_IPEADATA_SOURCE = 'bcb-ipeadata';

export interface BcbIpeadataSettings {
  /** The PTAX OData service (https://olinda.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata). */
  ptaxUrl: string;
  /** ipeadata's OData v4 API (http://www.ipeadata.gov.br/api/odata4). */
  ipeadataUrl: string;
  /** ipeadata series codes (SERCODIGO) quoted per crop; a crop without codes has no quotes. */
  series: Partial<Record<CropId, readonly string[]>>;
  /** How long a call may take before it counts as a provider failure. */
  timeoutMs?: number;
}

/** PTAX: `{value: [{cotacaoCompra, cotacaoVenda, dataHoraCotacao}]}`, one closing rate per day. */
interface PtaxAnswer {
  value?: { cotacaoCompra?: unknown; cotacaoVenda?: unknown; dataHoraCotacao?: unknown }[];
}

/** ipeadata `Metadados('code')`: the series' name and unit. */
interface IpeaMetadataAnswer {
  value?: { SERCODIGO?: unknown; SERNOME?: unknown; UNINOME?: unknown }[];
}

/** ipeadata `ValoresSerie(SERCODIGO='code')`: dated values. */
interface IpeaValuesAnswer {
  value?: { SERCODIGO?: unknown; VALDATA?: unknown; VALVALOR?: unknown }[];
}

/** How many days back the dollar is asked for: long enough to span a holiday week. */
const PTAX_WINDOW_DAYS = 10;

/** MM-DD-YYYY, the date format of PTAX's parameters. */
function ptaxDate(day: string): string {
  return `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;
}

function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The currency of an ipeadata unit text ("R$", "R$/sc 60 kg", "US$/bushel"). */
function currencyOf(unit: string): MarketCurrency | null {
  if (/US\$/i.test(unit)) return 'USD';
  if (/R\$/i.test(unit)) return 'BRL';
  return null;
}

function unitOf(unit: string): MarketUnit | null {
  if (/60\s*kg|\bsc\b|saca/i.test(unit)) return 'sc60kg';
  if (/bushel|\bbu\b/i.test(unit)) return 'bu';
  if (/\bt\b|tonelada|\bton\b/i.test(unit)) return 't';
  return null;
}

/**
 * The real public sources: the dollar from the Central Bank of Brazil's PTAX OData service (the
 * selling rate of the latest closing bulletin), and crop prices from ipeadata's OData v4 API (the
 * series configured per crop, in the currency and unit the series publishes). There is no openly
 * documented source of CBOT futures (open/close per contract), so `indexes` answers an empty
 * list with `unavailable_reason: 'no_public_source'`.
 */
export function bcbIpeadataMarketProvider(settings: BcbIpeadataSettings): MarketProvider {
  const timeoutMs = settings.timeoutMs ?? 10_000;

  async function getJson<T>(url: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new MarketProviderError(`${new URL(url).host} did not answer`, { cause });
    }
    if (!response.ok)
      throw new MarketProviderError(`${new URL(url).host}: HTTP ${response.status}`);
    try {
      return (await response.json()) as T;
    } catch (cause) {
      throw new MarketProviderError(`${new URL(url).host}: not JSON`, { cause });
    }
  }

  const ipea = settings.ipeadataUrl.replace(/\/+$/, '');

  async function seriesQuote(code: string, cropId: CropId): Promise<MarketQuote | null> {
    const quoted = encodeURIComponent(`'${code.replace(/'/g, "''")}'`);
    const [metadata, values] = await Promise.all([
      getJson<IpeaMetadataAnswer>(`${ipea}/Metadados(${quoted})`),
      getJson<IpeaValuesAnswer>(`${ipea}/ValoresSerie(SERCODIGO=${quoted})`),
    ]);
    const meta = metadata.value?.[0];
    const unitText = typeof meta?.UNINOME === 'string' ? meta.UNINOME : '';
    const currency = currencyOf(unitText);
    if (!meta || !currency)
      throw new MarketProviderError(
        `ipeadata ${code}: unknown series or not a price (${unitText})`,
      );
    const points = (values.value ?? [])
      .filter(
        (row): row is { VALDATA: string; VALVALOR: number } =>
          typeof row.VALDATA === 'string' &&
          typeof row.VALVALOR === 'number' &&
          Number.isFinite(row.VALVALOR),
      )
      .sort((a, b) => Date.parse(a.VALDATA) - Date.parse(b.VALDATA));
    const last = points.at(-1);
    if (!last) return null;
    return {
      name: typeof meta.SERNOME === 'string' ? meta.SERNOME : code,
      // VALDATA carries the local day first ("2026-11-26T00:00:00-03:00").
      date: last.VALDATA.slice(0, 10),
      price: last.VALVALOR,
      percentage_variation: percentChange(last.VALVALOR, points.at(-2)?.VALVALOR),
      crop_id: cropId,
      currency,
      unit: unitOf(unitText),
    };
  }

  return {
    kind: 'bcb-ipeadata',
    async quotes(cropId) {
      const codes = settings.series[cropId] ?? [];
      const quotes = await Promise.all(codes.map((code) => seriesQuote(code, cropId)));
      return {
        simulated: false,
        source: BCB_IPEADATA_SOURCE,
        quotes: quotes.filter((quote): quote is MarketQuote => quote !== null),
      };
    },
    async indexes() {
      return {
        simulated: false,
        source: BCB_IPEADATA_SOURCE,
        indexes: [],
        unavailable_reason: 'no_public_source',
      };
    },
    async dollar(day) {
      const query = [
        `@dataInicial='${ptaxDate(daysBefore(day, PTAX_WINDOW_DAYS))}'`,
        `@dataFinalCotacao='${ptaxDate(day)}'`,
        '$format=json',
        '$select=cotacaoCompra,cotacaoVenda,dataHoraCotacao',
      ].join('&');
      const answer = await getJson<PtaxAnswer>(
        `${settings.ptaxUrl.replace(/\/+$/, '')}/CotacaoDolarPeriodo(dataInicial=@dataInicial,dataFinalCotacao=@dataFinalCotacao)?${query}`,
      );
      const rates = (answer.value ?? [])
        .filter(
          (row): row is { cotacaoCompra: number; cotacaoVenda: number; dataHoraCotacao: string } =>
            typeof row.cotacaoVenda === 'number' && typeof row.dataHoraCotacao === 'string',
        )
        .sort((a, b) => a.dataHoraCotacao.localeCompare(b.dataHoraCotacao));
      const last = rates.at(-1);
      if (!last) throw new MarketProviderError('PTAX: no rate in the last days');
      return {
        simulated: false,
        source: BCB_IPEADATA_SOURCE,
        usd_brl: last.cotacaoVenda,
        // "2026-11-26 13:04:29.123": the bulletin's day in Brasília.
        date: last.dataHoraCotacao.slice(0, 10),
        percentage_variation: percentChange(last.cotacaoVenda, rates.at(-2)?.cotacaoVenda),
      };
    },
  };
}
