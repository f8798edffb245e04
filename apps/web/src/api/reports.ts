import { useQuery } from '@tanstack/react-query';
import type { Language } from '@lavoura/domain';
import { z } from 'zod/mini';
import { apiFetch } from './http';

/**
 * The reports (issue 14 item 5; docs/reports.md): GET /api/reports/programa and
 * /api/reports/season-report for a farm and a season-crop. Keyed under the farm
 * (`['farm', farmId, 'reports', …]`): a farm switch drops them. Quantities come canonical (ha,
 * sc/ha, mm, money in `currency`); the page converts at the edge.
 */
export type ReportKind = 'programa' | 'season';

export const REPORT_PATHS: Record<ReportKind, string> = {
  programa: '/api/reports/programa',
  season: '/api/reports/season-report',
};

export const reportKeys = {
  report: (kind: ReportKind, farmId: number, seasonCropId: number) =>
    ['farm', farmId, 'reports', kind, seasonCropId] as const,
};

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const stage = z.nullable(z.object({ id: z.int(), code: z.string(), message_key: z.string() }));

const head = {
  farm: z.object({ id: z.int(), name: z.string(), place: z.string(), time_zone: z.string() }),
  season_crop: z.object({
    id: z.int(),
    season_name: z.string(),
    crop_id: z.int(),
    start_period: day,
    end_period: day,
  }),
  currency: z.string(),
  today: day,
  generated_at: z.string(),
};

const sowingFacts = {
  sowing_id: z.int(),
  plot: z.object({ id: z.int(), name: z.string() }),
  area: z.number(),
  variety: z.nullable(z.string()),
  sowing_date: z.nullable(day),
  emergence_date: z.nullable(day),
  cycle_days: z.nullable(z.int()),
};

export const programaReportSchema = z.object({
  ...head,
  sowings: z.array(
    z.object({
      ...sowingFacts,
      program: z.object({
        id: z.int(),
        name: z.string(),
        program_score: z.nullable(z.number()),
        white_mold_program_score: z.nullable(z.number()),
        evaluation_missing: z.nullable(z.string()),
        cost_per_ha: z.number(),
        cost_total: z.nullable(z.number()),
        is_paused_by_climate: z.boolean(),
      }),
      sprays_planned: z.int(),
      sprays_applied: z.int(),
      sprays: z.array(
        z.object({
          ordinal: z.int(),
          planned_date: day,
          applied_date: z.nullable(day),
          white_mold: z.boolean(),
          planned_stage: stage,
          applied_stage: stage,
          delay_days: z.nullable(z.int()),
          products: z.array(
            z.object({
              pesticide_id: z.int(),
              name: z.string(),
              dose: z.number(),
              /** L or kg; null: not informed. */
              unit: z.optional(z.nullable(z.string())),
              price: z.number(),
            }),
          ),
          cost_per_ha: z.number(),
          cost_total: z.number(),
          spray_score: z.nullable(z.number()),
        }),
      ),
    }),
  ),
  totals: z.object({
    sowings: z.int(),
    area: z.number(),
    sprays_planned: z.int(),
    sprays_applied: z.int(),
    cost_total: z.number(),
    cost_per_ha: z.number(),
    average_program_score: z.nullable(z.number()),
  }),
  pesticides: z.nullable(
    z.array(
      z.object({
        pesticide_id: z.int(),
        name: z.string(),
        sprays_planned: z.int(),
        sprays_applied: z.int(),
        quantity_planned: z.number(),
        quantity_applied: z.number(),
        cost_applied: z.number(),
      }),
    ),
  ),
});
export type ProgramaReport = z.infer<typeof programaReportSchema>;

const rainPeriod = z.object({
  start: day,
  end: day,
  precipitation_mm: z.nullable(z.number()),
  observed_mm: z.nullable(z.number()),
});

export const seasonReportSchema = z.object({
  ...head,
  sowings: z.array(
    z.object({
      ...sowingFacts,
      status: z.enum(['planned', 'sown', 'ready_to_harvest', 'harvested', 'lost']),
      reached_harvest_stage: z.boolean(),
      harvests: z.array(
        z.object({
          date: day,
          productivity: z.nullable(z.number()),
          lost: z.boolean(),
          desiccation: z.boolean(),
        }),
      ),
      productivity: z.nullable(z.number()),
      irrigations: z.array(z.object({ start: z.string(), end: z.string(), blade_mm: z.number() })),
      irrigation_mm: z.number(),
      stage_observations: z.array(
        z.object({
          date: day,
          stage: z.object({ id: z.int(), code: z.string(), message_key: z.string() }),
        }),
      ),
      current_stage: stage,
    }),
  ),
  totals: z.object({
    sowings: z.int(),
    area: z.number(),
    harvested: z.int(),
    lost: z.int(),
    harvested_area: z.number(),
    average_productivity: z.nullable(z.number()),
    best_productivity: z.nullable(z.number()),
    worst_productivity: z.nullable(z.number()),
    irrigation_mm: z.number(),
    stage_observations: z.int(),
  }),
  weather: z.object({
    from: day,
    to: day,
    source: z.enum(['weather', 'observed_only']),
    simulated: z.boolean(),
    precipitation_mm: z.nullable(z.number()),
    observed_mm: z.nullable(z.number()),
    rainy_days: z.int(),
    by_week: z.array(rainPeriod),
    by_month: z.array(rainPeriod),
  }),
});
export type SeasonReport = z.infer<typeof seasonReportSchema>;

const query = (farmId: number, seasonCropId: number) =>
  new URLSearchParams({ farm_id: String(farmId), season_crop_id: String(seasonCropId) });

/** The report's PDF in a language (the session cookie goes with a plain link). */
export function reportPdfUrl(
  kind: ReportKind,
  farmId: number,
  seasonCropId: number,
  language: Language,
): string {
  const params = query(farmId, seasonCropId);
  params.set('format', 'pdf');
  params.set('language', language);
  return `${REPORT_PATHS[kind]}?${params}`;
}

export function useProgramaReport(farmId: number | null, seasonCropId: number | null) {
  return useQuery({
    queryKey: reportKeys.report('programa', farmId ?? 0, seasonCropId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<ProgramaReport>(`${REPORT_PATHS.programa}?${query(farmId!, seasonCropId!)}`, {
        signal,
        schema: programaReportSchema,
      }),
    enabled: farmId !== null && seasonCropId !== null,
    // A report's error (no plots, no sowings…) is an answer: asking again changes nothing.
    retry: false,
  });
}

export function useSeasonReport(farmId: number | null, seasonCropId: number | null) {
  return useQuery({
    queryKey: reportKeys.report('season', farmId ?? 0, seasonCropId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<SeasonReport>(`${REPORT_PATHS.season}?${query(farmId!, seasonCropId!)}`, {
        signal,
        schema: seasonReportSchema,
      }),
    enabled: farmId !== null && seasonCropId !== null,
    retry: false,
  });
}
