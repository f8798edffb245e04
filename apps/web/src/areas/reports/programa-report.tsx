import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useProgramaReport, type ProgramaReport } from '../../api/reports';
import { ReportFigures, ReportFrame, ReportHeader, ReportSection } from './report-frame';
import { useReportFormat } from './report-format';
import { ReportTable } from './report-table';
import { useReportSubtitle } from './report-subtitle';

function Programa({ report }: { report: ProgramaReport }) {
  const { t } = useTranslation('reports');
  const f = useReportFormat(report.currency);
  const subtitle = useReportSubtitle(report);
  const { totals } = report;
  const timing = (delay: number | null) =>
    delay === null
      ? f.none
      : delay === 0
        ? t('on_time')
        : delay > 0
          ? t('days_late', { count: delay })
          : t('days_early', { count: -delay });
  return (
    <Stack spacing={3} data-testid="programa-report">
      <ReportHeader
        title={t('title.programa')}
        subtitle={subtitle}
        generated={t('generated', { date: f.instant(report.generated_at, report.farm.time_zone) })}
      />
      <ReportFigures
        figures={[
          { label: t('summary.sowings'), value: String(totals.sowings) },
          { label: t('summary.area', { unit: f.areaUnit }), value: f.area(totals.area) },
          { label: t('summary.sprays_planned'), value: String(totals.sprays_planned) },
          { label: t('summary.sprays_applied'), value: String(totals.sprays_applied) },
          { label: t('summary.cost_total'), value: f.money(totals.cost_total) },
          {
            label: t('summary.cost_per_area', { unit: f.areaUnit }),
            value: f.moneyPerArea(totals.cost_per_ha),
          },
          { label: t('summary.average_score'), value: f.score(totals.average_program_score) },
        ]}
      />
      <Stack spacing={3} component="section" aria-label={t('section.sowings')}>
        {report.sowings.map((row) => (
          <ReportSection
            key={row.sowing_id}
            testId="programa-sowing"
            title={t('sowing_line', {
              plot: row.plot.name,
              variety: row.variety ?? f.none,
              area: `${f.area(row.area)} ${f.areaUnit}`,
              sowing: f.date(row.sowing_date),
              emergence: f.date(row.emergence_date),
            })}
          >
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}
            >
              <Typography variant="body2" color="text.secondary" data-testid="programa-program">
                {t('program_line', {
                  name: row.program.name.trim() || f.none,
                  score:
                    row.program.program_score === null
                      ? t('program_no_score')
                      : t('program_score', { score: f.score(row.program.program_score) }),
                  cost: row.program.cost_total === null ? f.none : f.money(row.program.cost_total),
                  cost_per_area: `${f.moneyPerArea(row.program.cost_per_ha)}/${f.areaUnit}`,
                })}
              </Typography>
              {row.program.is_paused_by_climate && (
                <Chip size="small" color="warning" label={t('paused')} />
              )}
            </Stack>
            <ReportTable
              label={t('page_ui.sprays_of')}
              testId="programa-sprays"
              empty={f.none}
              columns={[
                { label: t('column.spray'), align: 'center' },
                { label: t('column.ideal_date') },
                { label: t('column.planned_stage') },
                { label: t('column.realised_date') },
                { label: t('column.applied_stage') },
                { label: t('column.delay') },
                { label: t('column.products', { unit: f.areaUnit }) },
                { label: t('column.cost_per_area', { unit: f.areaUnit }), align: 'right' },
                { label: t('column.cost_total'), align: 'right' },
                { label: t('column.score'), align: 'right' },
              ]}
              rows={row.sprays.map((spray) => [
                spray.ordinal,
                f.date(spray.planned_date),
                f.stage(spray.planned_stage),
                spray.applied_date ? f.date(spray.applied_date) : t('not_applied'),
                spray.applied_date ? f.stage(spray.applied_stage) : f.none,
                timing(spray.delay_days),
                spray.products.length ? (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {spray.products.map((product) => (
                      <li key={product.pesticide_id}>
                        {t('products_of_spray', {
                          name: product.name,
                          dose: f.dose(product.dose, product.unit),
                        })}
                      </li>
                    ))}
                  </Box>
                ) : (
                  f.none
                ),
                f.moneyPerArea(spray.cost_per_ha),
                f.money(spray.cost_total),
                f.score(spray.spray_score),
              ])}
            />
          </ReportSection>
        ))}
      </Stack>
      {report.pesticides && (
        <ReportSection title={t('section.pesticides')} testId="programa-pesticides">
          <ReportTable
            label={t('section.pesticides')}
            empty={t('no_pesticides')}
            columns={[
              { label: t('column.pesticide') },
              { label: t('column.sprays'), align: 'right' },
              { label: t('column.quantity_planned'), align: 'right' },
              { label: t('column.quantity_applied'), align: 'right' },
              { label: t('column.cost_applied'), align: 'right' },
            ]}
            rows={report.pesticides.map((product) => [
              product.name,
              `${product.sprays_applied}/${product.sprays_planned}`,
              f.quantity(product.quantity_planned),
              f.quantity(product.quantity_applied),
              f.money(product.cost_applied),
            ])}
          />
        </ReportSection>
      )}
      <Box>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('notes.units', { unit: f.areaUnit })}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('notes.stages')}
        </Typography>
      </Box>
    </Stack>
  );
}

/** /reports/programa: the farm spraying report of a season. */
export function ProgramaReportPage() {
  return (
    <ReportFrame kind="programa" useReport={useProgramaReport}>
      {(report) => <Programa report={report} />}
    </ReportFrame>
  );
}
