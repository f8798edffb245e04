import type {
  CityAnswer,
  Country,
  Disease,
  Plan,
  Profile,
  SeasonCrop,
  StateAnswer,
} from '@lavoura/domain';
import type * as t from '../../db/schema.ts';

/**
 * Reference rows as the API answers them: one mapping per kind, `message_key` for the web app to
 * translate (namespace `reference`).
 */
export interface Enumerated {
  id: number;
  code: string;
  message_key: string;
}

/** A season-crop as stored; its status is computed per call from the day in its country. */
export type SeasonCropRow = Omit<SeasonCrop, 'season_active' | 'status'>;

export const toEnumerated = (row: {
  id: number;
  code: string;
  messageKey: string;
}): Enumerated => ({
  id: row.id,
  code: row.code,
  message_key: row.messageKey,
});

export const toCountry = (row: typeof t.countries.$inferSelect): Country => ({
  id: row.id,
  acronym: row.acronym,
  name: row.name,
  message_key: row.messageKey,
  latitude: row.latitude,
  longitude: row.longitude,
  time_zone: row.timeZone,
});

export const toDisease = (row: typeof t.diseases.$inferSelect): Disease => ({
  id: row.id,
  crop_id: row.cropId,
  code: row.code,
  name: row.name,
  message_key: row.messageKey,
});

export const toPauseReason = (row: typeof t.pausedClimateReasons.$inferSelect) => ({
  ...toEnumerated(row),
  requires_description: row.requiresDescription,
});

export const toJobTitle = (row: typeof t.jobTitles.$inferSelect) => ({
  ...toEnumerated(row),
  internal: row.internal,
});

export const toProfile = (row: typeof t.profiles.$inferSelect): Profile => ({
  id: row.id,
  uid: row.uid,
  message_key: row.messageKey,
  all_farms: row.allFarms,
  internal: row.internal,
});

export const toPlan = (row: typeof t.plans.$inferSelect): Plan => ({
  id: row.id,
  name: row.name,
  priority_level: row.priorityLevel,
  message_key: row.messageKey,
});

export const toSeasonCrop = ({
  row,
  seasonName,
  cropKey,
}: {
  row: typeof t.seasonCrops.$inferSelect;
  seasonName: string;
  cropKey: string;
}): SeasonCropRow => ({
  id: row.id,
  season_id: row.seasonId,
  season_name: seasonName,
  crop_id: row.cropId,
  country_id: row.countryId,
  start_period: row.startPeriod,
  end_period: row.endPeriod,
  message_key: cropKey,
});

export const toState = (row: typeof t.states.$inferSelect): StateAnswer => ({
  id: row.id,
  country_id: row.countryId,
  code: row.code,
  official_code: row.officialCode,
  name: row.name,
  latitude: row.latitude,
  longitude: row.longitude,
});

export const toCity = (row: typeof t.cities.$inferSelect): CityAnswer => ({
  id: row.id,
  state_id: row.stateId,
  code: row.officialCode,
  name: row.name,
  latitude: row.latitude,
  longitude: row.longitude,
});
