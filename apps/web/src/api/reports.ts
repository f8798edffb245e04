import { useQuery } from '@tanstack/react-query';
import {
  programaReportSchema,
  seasonReportSchema,
  type Language,
  type ProgramaReport,
  type SeasonReport,
} from '@lavoura/domain';
import { apiFetch } from './http';

/**
 * The reports (issue 14 item 5; docs/reports.md): GET /api/reports/programa and
 * /api/reports/season-report for a farm and a season-crop. Keyed under the farm
 * (`['farm', farmId, 'reports', …]`): a farm switch drops them. Quantities come canonical (ha,
 * sc/ha, mm, money in `currency`); the page converts at the edge.
 */
export type { ProgramaReport, SeasonReport };

export type ReportKind = 'programa' | 'season';

const REPORT_PATHS: Record<ReportKind, string> = {
  programa: '/api/reports/programa',
  season: '/api/reports/season-report',
};

const reportKeys = {
  report: (kind: ReportKind, farmId: number, seasonCropId: number) =>
    ['farm', farmId, 'reports', kind, seasonCropId] as const,
};

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
