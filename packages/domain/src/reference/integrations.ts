/**
 * The integrations the product offers (spec 3 §2 and §3 Integrations): a field-data import, a
 * calendar and a leaf-data service. Fixed ids, stored in `user_integrations.integration` by code.
 */
interface IntegrationIds {
  fieldview: 1;
  google_calendar: 2;
  leaf_agriculture: 3;
}
export type IntegrationCode = keyof IntegrationIds;

export interface IntegrationReference {
  id: IntegrationIds[IntegrationCode];
  code: IntegrationCode;
  /** The provider's own product name, the same in every language. */
  name: string;
  /** What it does for the grower: field_import, calendar, leaf_data. */
  kind: 'field_import' | 'calendar' | 'leaf_data';
}

export const INTEGRATIONS: readonly IntegrationReference[] = [
  {
    id: 1,
    code: 'fieldview',
    name: 'Climate FieldView',
    kind: 'field_import',
  },
  {
    id: 2,
    code: 'google_calendar',
    name: 'Google Calendar',
    kind: 'calendar',
  },
  {
    id: 3,
    code: 'leaf_agriculture',
    name: 'Leaf Agriculture',
    kind: 'leaf_data',
  },
];

export function integrationById(id: number): IntegrationReference | undefined {
  return INTEGRATIONS.find((integration) => integration.id === id);
}

/** The OAuth scope the calendar asks of Google: its events only, not the user's other calendars. */
export const GOOGLE_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
