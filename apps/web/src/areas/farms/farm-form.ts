import {
  CROPS,
  FIELD_KEYS,
  farmBodySchema,
  findCountry,
  formatForInput,
  fromDisplayPrice,
  parseDecimal,
  recordIdSchema,
  toDisplayPrice,
  type CropCode,
  type CurrencyCode,
  type Farm,
  type FarmBody,
  type Language,
} from '@lavoura/domain';
import { z } from 'zod/mini';

/**
 * The add/edit farm form: what the user types (text, in their language's numbers and units) and
 * the contract's body it becomes. Bag prices are stored per 60 kg bag; English shows and takes
 * them per bushel, converted with the domain's factor (1 bag = 2.20464 bu).
 */
export type PriceField = `price_${CropCode}`;

export interface FarmFormValues {
  nome: string;
  pais: number | '';
  estado: number | '';
  municipio: number | '';
  latitude: string;
  longitude: string;
  price_soybean: string;
  price_wheat: string;
}

export const PRICE_FIELDS: readonly { cropId: number; code: CropCode; field: PriceField }[] =
  CROPS.map((crop) => ({ cropId: crop.id, code: crop.code, field: `price_${crop.code}` }));

/** Prices are per 60 kg bag (`sacks`), shown per bushel in English. */
const PRICE_QUANTITY = 'sacks';

/** A typed number, or undefined when nothing was typed; not a number is an error of the field. */
function typedNumber(language: Language, grouping: boolean) {
  return z.pipe(
    z.string(),
    z.transform((text, context) => {
      if (text.trim() === '') return undefined;
      const value = parseDecimal(text, language, { grouping });
      if (value !== undefined) return value;
      context.issues.push({ code: 'custom', message: FIELD_KEYS.notANumber, input: text });
      return z.NEVER;
    }),
  );
}

/** A select's value: '' until something is chosen, then a record id. */
const choice = () => z.pipe(z.union([z.literal(''), z.number()]), recordIdSchema);

/** The form's checks: the contract's rules on what the typed values become. */
export function farmFormSchema(language: Language) {
  const shape = farmBodySchema.shape;
  const price = z.pipe(typedNumber(language, true), z.number().check(z.positive()));
  return z.object({
    nome: shape.nome,
    pais: choice(),
    estado: choice(),
    municipio: choice(),
    latitude: z.pipe(typedNumber(language, false), shape.latitude),
    longitude: z.pipe(typedNumber(language, false), shape.longitude),
    price_soybean: price,
    price_wheat: price,
  });
}
export type FarmFormOutput = z.infer<ReturnType<typeof farmFormSchema>>;

/** A stored bag price as the input shows it in the language's unit. */
function priceInput(price: number, language: Language): string {
  return formatForInput(toDisplayPrice(PRICE_QUANTITY, price, language), language, 2);
}

export function farmFormDefaults(
  farm: Farm | null,
  language: Language,
  defaultCountry: number | '',
): FarmFormValues {
  const priceOf = (cropId: number) => {
    const stored = farm?.bag_price.find((item) => item.crop_id === cropId);
    return stored ? priceInput(stored.price, language) : '';
  };
  return {
    nome: farm?.nome ?? '',
    pais: farm?.pais.id ?? defaultCountry,
    estado: farm?.estado.id ?? '',
    municipio: farm?.municipio.id ?? '',
    latitude: farm ? formatForInput(farm.latitude, language, 6) : '',
    longitude: farm ? formatForInput(farm.longitude, language, 6) : '',
    price_soybean: priceOf(PRICE_FIELDS[0]!.cropId),
    price_wheat: priceOf(PRICE_FIELDS[1]!.cropId),
  };
}

/**
 * The contract's body. A price left as it was shown keeps the stored value (no drift from a
 * bushel round trip); a typed one becomes a price per bag with cents.
 */
export function farmFormBody(
  values: FarmFormOutput,
  typed: FarmFormValues,
  farm: Farm | null,
  language: Language,
): FarmBody {
  const shown = farm ? farmFormDefaults(farm, language, '') : null;
  const bag_price = PRICE_FIELDS.map(({ cropId, field }) => {
    const stored = farm?.bag_price.find((item) => item.crop_id === cropId);
    if (stored && shown && typed[field].trim() === shown[field]) {
      return { crop_id: cropId, price: stored.price };
    }
    const perBag = fromDisplayPrice(PRICE_QUANTITY, values[field], language);
    return { crop_id: cropId, price: Math.round(perBag * 100) / 100 };
  });
  return {
    nome: values.nome,
    pais: values.pais,
    estado: values.estado,
    municipio: values.municipio,
    bag_price,
    ...(values.latitude !== undefined ? { latitude: values.latitude } : {}),
    ...(values.longitude !== undefined ? { longitude: values.longitude } : {}),
  };
}

/** The currency of a country's bag prices. */
export function currencyOf(countryId: number | ''): CurrencyCode | null {
  return countryId === '' ? null : (findCountry(countryId)?.currency ?? null);
}

/** Where an API field error of the body goes in the form (`bag_price.1.price` → wheat's price). */
export function formFieldOf(apiField: string): keyof FarmFormValues | 'bag_price' | null {
  const price = /^bag_price\.(\d+)/.exec(apiField);
  if (price) return PRICE_FIELDS[Number(price[1])]?.field ?? 'bag_price';
  if (apiField === 'bag_price') return 'bag_price';
  const known: readonly string[] = ['nome', 'pais', 'estado', 'municipio', 'latitude', 'longitude'];
  return known.includes(apiField) ? (apiField as keyof FarmFormValues) : null;
}
