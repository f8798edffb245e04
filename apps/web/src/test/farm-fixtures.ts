import type { Farm, Plot } from '@lavoura/domain';

/** A farm as GET /api/farms answers it (Cascavel, Paraná, Brazil unless told otherwise). */
export function farm(overrides: Partial<Farm> = {}): Farm {
  return {
    id: 1,
    nome: 'Fazenda Boa Vista',
    account_id: 10,
    enabled: true,
    active_sowing: false,
    closets_applications: false,
    total_area: 120.5,
    total_talhoes: 3,
    total_plots: 3,
    bag_price: [
      { crop_id: 1, currency_id: 2, price: 150 },
      { crop_id: 2, currency_id: 2, price: 90 },
    ],
    pais: { id: 1, nome: 'Brasil' },
    estado: { id: 16, nome: 'Paraná' },
    municipio: { id: 4104808, nome: 'Cascavel' },
    latitude: -24.9555,
    longitude: -53.4552,
    time_zone: 'America/Sao_Paulo',
    created_at: '2026-01-10T12:00:00.000Z',
    updated_at: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

/** A plot as GET /api/talhoes/{farmId} answers it. */
export function plot(overrides: Partial<Plot> = {}): Plot {
  return {
    id: 100,
    nome: 'Talhão 1',
    fazenda_id: 1,
    area: 40,
    area_calculada: 40,
    geometry: { type: 'Polygon', coordinates: [] },
    coordenadas_lat: '',
    coordenadas_lng: '',
    latitude: -24.95,
    longitude: -53.45,
    elevation: null,
    clay_soil: null,
    soil_type_id: null,
    enabled: true,
    enabled_ndvi: false,
    enabled_sowing: true,
    contracted_area: null,
    remaining_area: 40,
    sown_areas: [],
    created_at: '2026-01-10T12:00:00.000Z',
    updated_at: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}
