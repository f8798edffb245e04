import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSeasonReport, type SeasonReport } from '../../api/reports';
import { ReportFigures, ReportFrame, ReportHeader, ReportSection } from './report-frame';
import { useReportFormat } from './report-format';
import { useReportSubtitle } from './report-subtitle';
import { ReportTable } from './report-table';

function Season({ report }: { report: SeasonReport }) {
  const { t } = useTranslation('reports');
  const f = useReportFormat(report.currency);
  const subtitle = useReportSubtitle(report);
  const { totals, weather } = report;
  const timeZone = report.farm.time_zone;
  const periodColumns = [
    { label: t('column.period') },
    { label: t('column.precipitation', { unit: f.rainUnit }), align: 'right' as const },
    { label: t('column.observed', { unit: f.rainUnit }), align: 'right' as const },
  ];
  return (
    <Stack spacing={3} data-testid="season-report">
      <ReportHeader
        title={t('title.season')}
        subtitle={subtitle}
        generated={t('generated', { date: f.instant(report.generated_at, timeZone) })}
      />
      <ReportFigures
        figures={[
          { label: t('summary.sowings'), value: String(totals.sowings) },
          { label: t('summary.area', { unit: f.areaUnit }), value: f.area(totals.area) },
          { label: t('summary.harvested'), value: String(totals.harvested) },
          { label: t('summary.lost'), value: String(totals.lost) },
          {
            label: t('summary.average_productivity', { unit: f.yieldUnit }),
            value: f.productivity(totals.average_productivity),
          },
          {
            label: t('summary.best_productivity', { unit: f.yieldUnit }),
            value: f.productivity(totals.best_productivity),
          },
          {
            label: t('summary.worst_productivity', { unit: f.yieldUnit }),
            value: f.productivity(totals.worst_productivity),
          },
          {
            label: t('summary.irrigation', { unit: f.rainUnit }),
            value: f.rain(totals.irrigation_mm),
          },
          {
            label: t('summary.precipitation', { unit: f.rainUnit }),
            value: f.rain(weather.precipitation_mm),
          },
          {
            label: t('summary.observed', { unit: f.rainUnit }),
            value: f.rain(weather.observed_mm),
          },
          { label: t('summary.rainy_days'), value: String(weather.rainy_days) },
          { label: t('summary.observations'), value: String(totals.stage_observations) },
        ]}
      />
      {report.sowings.map((row) => (
        <ReportSection
          key={row.sowing_id}
          testId="season-sowing"
          title={t('sowing_line', {
            plot: row.plot.name,
            variety: row.variety ?? f.none,
            area: `${f.area(row.area)} ${f.areaUnit}`,
            sowing: f.date(row.sowing_date),
            emergence: f.date(row.emergence_date),
          })}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={
                row.status === 'harvested' ? 'success' : row.status === 'lost' ? 'error' : 'default'
              }
              label={t(`status.${row.status}`)}
              data-testid="season-sowing-status"
            />
            <Typography variant="body2" color="text.secondary">
              {t('current_stage', { stage: f.stage(row.current_stage) })}
            </Typography>
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              // The harvests' table has three columns with long unit headers: it gets the room.
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)',
              },
            }}
          >
            <Box>
              <Typography variant="subtitle2" component="h3" color="primary">
                {t('section.harvests')}
              </Typography>
              <ReportTable
                label={t('section.harvests')}
                testId="season-harvests"
                empty={t('no_harvests')}
                columns={[
                  { label: t('column.harvest_date') },
                  { label: t('column.productivity', { unit: f.yieldUnit }), align: 'right' },
                  { label: t('column.desiccation'), align: 'center' },
                ]}
                rows={row.harvests.map((harvest) => [
                  f.date(harvest.date),
                  harvest.lost ? t('lost') : f.productivity(harvest.productivity),
                  harvest.desiccation ? t('yes') : t('no'),
                ])}
              />
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h3" color="primary">
                {t('section.irrigations')}
              </Typography>
              <ReportTable
                label={t('section.irrigations')}
                testId="season-irrigations"
                empty={t('no_irrigations')}
                columns={[
                  { label: t('column.start') },
                  { label: t('column.end') },
                  { label: t('column.blade', { unit: f.rainUnit }), align: 'right' },
                ]}
                rows={row.irrigations.map((irrigation) => [
                  f.instant(irrigation.start, timeZone),
                  f.instant(irrigation.end, timeZone),
                  f.rain(irrigation.blade_mm),
                ])}
              />
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h3" color="primary">
                {t('section.observations')}
              </Typography>
              <ReportTable
                label={t('section.observations')}
                testId="season-observations"
                empty={t('no_observations')}
                columns={[{ label: t('column.date') }, { label: t('column.stage') }]}
                rows={row.stage_observations.map((observation) => [
                  f.date(observation.date),
                  f.stage(observation.stage),
                ])}
              />
            </Box>
          </Box>
        </ReportSection>
      ))}
      <ReportSection title={t('section.weather')} testId="season-weather">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {t('weather_range', { from: f.date(weather.from), to: f.date(weather.to) })}
          </Typography>
          {weather.simulated && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={t('page_ui.simulated')}
              data-testid="season-weather-simulated"
            />
          )}
        </Stack>
        {weather.source === 'observed_only' && (
          <Alert severity="info" sx={{ mb: 1.5 }} data-testid="season-weather-observed-only">
            {t('weather_observed_only')}
          </Alert>
        )}
        {weather.simulated && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {t('weather_simulated')}
          </Typography>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
          }}
        >
          <Box>
            <Typography variant="subtitle2" component="h3" color="primary">
              {t('section.by_month')}
            </Typography>
            <ReportTable
              label={t('section.by_month')}
              testId="season-rain-by-month"
              empty={f.none}
              columns={periodColumns}
              rows={weather.by_month.map((period) => [
                f.month(period.start.slice(0, 7)),
                f.rain(period.precipitation_mm),
                f.rain(period.observed_mm),
              ])}
            />
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h3" color="primary">
              {t('section.by_week')}
            </Typography>
            <ReportTable
              label={t('section.by_week')}
              testId="season-rain-by-week"
              empty={f.none}
              columns={periodColumns}
              rows={weather.by_week.map((period) => [
                `${f.date(period.start)} – ${f.date(period.end)}`,
                f.rain(period.precipitation_mm),
                f.rain(period.observed_mm),
              ])}
            />
          </Box>
        </Box>
      </ReportSection>
      <Box>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('notes.harvest_stage')}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('notes.rain')}
        </Typography>
      </Box>
    </Stack>
  );
}

/** /reports/season-report: harvests, irrigation, stage observations and rain of a season. */
export function SeasonReportPage() {
  return (
    <ReportFrame kind="season" useReport={useSeasonReport}>
      {(report) => <Season report={report} />}
    </ReportFrame>
  );
}
