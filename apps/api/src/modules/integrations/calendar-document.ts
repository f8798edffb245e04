import {
  CROPS,
  LOCALE_RULES,
  formatNumber,
  doseInAreaUnit,
  doseUnitLabel,
  unitOf,
  type Language,
  type PlannedDayWindow,
} from '@lavoura/domain';
import { translate } from '@lavoura/i18n';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * The iCalendar feed of a member's sprays (RFC 5545, written by ical-generator): one all-day event
 * per spraying of an execution program, on the day it was applied (CONFIRMED) or, until then, the
 * day it is planned for (TENTATIVE). The UID is the spraying's id, so a calendar app that polls
 * again moves the event instead of adding another one.
 */
export interface CalendarSpray {
  sprayingId: number;
  ordinal: number;
  plannedDate: string;
  appliedAt: string | null;
  programName: string;
  plot: string;
  farm: string;
  farmId: number;
  cropId: number;
  /** The dose per hectare in the product's unit (L or kg; null: not informed). */
  products: { name: string; dose: number; unit: string | null }[];
  updatedAt: Date;
  /** A planned day of the coming week: its best window, or the nearest good day. */
  window?: PlannedDayWindow;
}

const day = (value: string) => {
  const [year, month, date] = value.split('-').map(Number);
  // Noon UTC: ical-generator writes all-day dates from the UTC fields.
  return new Date(Date.UTC(year!, month! - 1, date!, 12));
};

function dateText(value: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(day(value));
}

export function calendarFeedText(
  sprays: readonly CalendarSpray[],
  language: Language,
  options: { host: string; generatedAt: Date },
): string {
  const t = (key: string, values?: Record<string, string | number>) =>
    translate(language, 'integrations', `calendar.${key}`, values);
  const calendar = ical({
    name: t('name'),
    prodId: { company: 'Lavoura', product: 'sprays', language: language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    // Calendar apps poll a subscribed feed; a few hours is a fair hint.
    ttl: 60 * 60 * 3,
  });
  const perArea = unitOf('perArea', language);
  for (const spray of sprays) {
    const crop = CROPS.find((row) => row.id === spray.cropId);
    const on = spray.appliedAt ?? spray.plannedDate;
    const lines = [
      t('farm_line', { farm: spray.farm }),
      ...(spray.programName ? [t('program_line', { program: spray.programName })] : []),
      t('planned_line', { date: dateText(spray.plannedDate, language) }),
      ...(spray.appliedAt
        ? [t('applied_line', { date: dateText(spray.appliedAt, language) })]
        : []),
      ...(spray.products.length
        ? [
            t('products_line'),
            ...spray.products.map((product) =>
              t('product_line', {
                name: product.name,
                dose: formatNumber(doseInAreaUnit(product.dose, language), language, 3),
                unit: doseUnitLabel(product.unit, language) ?? perArea,
              }),
            ),
          ]
        : [t('no_products')]),
      ...(spray.window ? [windowLine(spray.window, language, t)] : []),
    ];
    calendar.createEvent({
      id: `spraying-${spray.sprayingId}@${options.host}`,
      start: day(on),
      end: day(addOneDay(on)),
      allDay: true,
      summary: t('summary', {
        number: spray.ordinal,
        plot: spray.plot,
        crop: crop ? translate(language, 'reference', crop.message_key) : '',
      }),
      description: lines.join('\n'),
      status: spray.appliedAt ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
      stamp: options.generatedAt,
      lastModified: spray.updatedAt,
    });
  }
  // RFC 5545 §3.1 ends every content line with CRLF, the last one too (ical-generator leaves it
  // off; strict parsers refuse such a feed).
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** The planned day's spray window in words: its best hours, or the nearest good day. */
function windowLine(
  window: PlannedDayWindow,
  language: Language,
  t: (key: string, values?: Record<string, string | number>) => string,
): string {
  const hour = new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
    hour: language === 'en' ? 'numeric' : '2-digit',
    minute: '2-digit',
    hourCycle: language === 'en' ? 'h12' : 'h23',
    timeZone: 'UTC',
  });
  const range = (span: { start: string; end: string }) =>
    `${hour.format(new Date(`${span.start}:00Z`))}–${hour.format(new Date(`${span.end}:00Z`))}`;
  const line = window.best_window
    ? t('window_best', { range: range(window.best_window) })
    : window.nearest_good_day
      ? t('window_nearest', {
          date: dateText(window.nearest_good_day.date, language),
          range: range(window.nearest_good_day.best_window),
        })
      : t('window_none');
  return window.simulated ? `${line} ${t('window_simulated')}` : line;
}

function addOneDay(value: string): string {
  return new Date(day(value).getTime() + 86_400_000).toISOString().slice(0, 10);
}
