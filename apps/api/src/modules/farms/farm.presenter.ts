import type { Farm } from '@lavoura/domain';

/** A farm row with its totals, as farms.service selects it. */
export interface FarmRow {
  id: number;
  accountId: number;
  name: string;
  enabled: boolean;
  latitude: number;
  longitude: number;
  timeZone: string;
  createdAt: Date;
  updatedAt: Date;
  countryId: number;
  countryName: string;
  stateId: number;
  stateName: string;
  cityId: number;
  cityName: string;
  totalArea: number;
  totalPlots: number;
  activeSowing: boolean;
  bagPrices: { crop_id: number; currency_id: number; price: string | number }[];
}

/** A farm as the API answers it: the spec's names, areas in hectares, prices as numbers. */
export function toFarm(row: FarmRow): Farm {
  return {
    id: row.id,
    nome: row.name,
    account_id: row.accountId,
    enabled: row.enabled,
    active_sowing: row.activeSowing,
    // Planned applications arrive with the spray programs: until then none is due.
    closets_applications: false,
    total_area: row.totalArea,
    total_talhoes: row.totalPlots,
    total_plots: row.totalPlots,
    bag_price: row.bagPrices.map((price) => ({
      crop_id: price.crop_id,
      currency_id: price.currency_id,
      price: Number(price.price),
    })),
    pais: { id: row.countryId, nome: row.countryName },
    estado: { id: row.stateId, nome: row.stateName },
    municipio: { id: row.cityId, nome: row.cityName },
    latitude: row.latitude,
    longitude: row.longitude,
    time_zone: row.timeZone,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
