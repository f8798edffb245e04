/** The three markets. Ids 1 (Brazil) and 3 (USA) are the spec's; Paraguay takes 2. */
export const COUNTRY_IDS = { brazil: 1, paraguay: 2, usa: 3 } as const;
export type CountryId = (typeof COUNTRY_IDS)[keyof typeof COUNTRY_IDS];

/** Currencies of bag prices; Brazil's real is the spec samples' currency id 2. */
export const CURRENCY_IDS = { USD: 1, BRL: 2, PYG: 3 } as const;
export type CurrencyCode = keyof typeof CURRENCY_IDS;

export interface CountryReference {
  id: CountryId;
  /** ISO 3166-1 alpha-2, the key into the geographic data package. */
  acronym: 'BR' | 'PY' | 'US';
  name: string;
  message_key: string;
  latitude: number;
  longitude: number;
  /** Agronomic "today" (season status, spray dates) is computed in this zone. */
  time_zone: string;
  /** The currency farm bag prices are in. */
  currency: CurrencyCode;
}

export const COUNTRIES: readonly CountryReference[] = [
  {
    id: 1,
    acronym: 'BR',
    name: 'Brasil',
    message_key: 'country.brazil',
    latitude: -14.235,
    longitude: -51.9253,
    time_zone: 'America/Sao_Paulo',
    currency: 'BRL',
  },
  {
    id: 2,
    acronym: 'PY',
    name: 'Paraguay',
    message_key: 'country.paraguay',
    latitude: -23.4425,
    longitude: -58.4438,
    time_zone: 'America/Asuncion',
    currency: 'PYG',
  },
  {
    id: 3,
    acronym: 'US',
    name: 'United States',
    message_key: 'country.usa',
    latitude: 37.0902,
    longitude: -95.7129,
    time_zone: 'America/New_York',
    currency: 'USD',
  },
];

export function findCountry(id: number): CountryReference | undefined {
  return COUNTRIES.find((country) => country.id === id);
}
