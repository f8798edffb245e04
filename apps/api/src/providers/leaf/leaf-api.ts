import { CONVERSION_FACTORS, ERRORS } from '@lavoura/domain';
import { AppError } from '../../http/app-error.ts';
import type { LeafField, LeafProvider } from './leaf-provider.ts';

/**
 * Leaf Agriculture's fields service (https://docs.withleaf.io/api-reference/fields, "Get all
 * fields": `GET /services/fields/api/fields`, bearer token, paged with `page` and `size`, optional
 * `leafUserId`). The answer is a JSON array of fields; this adapter keeps id, name, providerName
 * and area (`{value, unit}`).
 */
export interface LeafApiConfig {
  /** https://api.withleaf.io */
  baseUrl: string;
  /** A Leaf API token (POST /api/authenticate gives one; its id_token). */
  token: string;
  /** Only this Leaf user's fields; every user of the API owner otherwise. */
  leafUserId?: string | undefined;
}

interface LeafApiField {
  id?: unknown;
  name?: unknown;
  providerName?: unknown;
  area?: { value?: unknown; unit?: unknown } | null;
}

const PAGE_SIZE = 100;
/** Enough for any farm; the loop stops at the first short page. */
const MAX_PAGES = 20;

function hectares(area: LeafApiField['area']): number | null {
  const value = Number(area?.value);
  if (!area || !Number.isFinite(value)) return null;
  const unit = String(area.unit ?? 'ha').toLowerCase();
  if (unit === 'ha') return value;
  if (unit === 'ac') return value / CONVERSION_FACTORS.haToAc;
  if (unit === 'm2') return value / 10_000;
  return null;
}

export function leafApiProvider(config: LeafApiConfig): LeafProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  return {
    connected: true,
    async fields(): Promise<LeafField[]> {
      const fields: LeafField[] = [];
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const url = new URL(`${base}/services/fields/api/fields`);
        url.searchParams.set('page', String(page));
        url.searchParams.set('size', String(PAGE_SIZE));
        if (config.leafUserId) url.searchParams.set('leafUserId', config.leafUserId);
        let response: Response;
        try {
          response = await fetch(url, {
            headers: { authorization: `Bearer ${config.token}`, accept: 'application/json' },
            signal: AbortSignal.timeout(10_000),
          });
        } catch (error) {
          throw new AppError(ERRORS.providerUnavailable, 'Leaf could not be reached', {
            provider: 'leaf_agriculture',
            reason: (error as Error).name,
          });
        }
        const body: unknown = await response.json().catch(() => null);
        if (!response.ok || !Array.isArray(body))
          throw new AppError(ERRORS.providerUnavailable, 'Leaf refused the call', {
            provider: 'leaf_agriculture',
            status: response.status,
          });
        for (const raw of body as LeafApiField[]) {
          if (typeof raw.id !== 'string') continue;
          fields.push({
            id: raw.id,
            name: typeof raw.name === 'string' && raw.name ? raw.name : raw.id,
            provider: typeof raw.providerName === 'string' ? raw.providerName : null,
            area_ha: hectares(raw.area),
          });
        }
        if (body.length < PAGE_SIZE) break;
      }
      return fields;
    },
  };
}
