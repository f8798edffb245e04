import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PerformanceAnswer } from '../../api/performance';
import type { PerformanceFormat } from './performance-format';

type Ranked = PerformanceAnswer['summary']['highest_plot'];

function Card({
  testId,
  label,
  value,
  hint,
  emphasis = false,
}: {
  testId: string;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  emphasis?: boolean;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid={testId}
      sx={{ p: 2, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}
    >
      <Typography variant="body2" color="text.secondary" component="h2">
        {label}
      </Typography>
      <Typography
        component="p"
        data-testid={`${testId}-value`}
        sx={{
          fontWeight: 600,
          fontSize: emphasis ? { xs: 24, sm: 28 } : 20,
          lineHeight: 1.25,
          overflowWrap: 'anywhere',
        }}
      >
        {value}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Paper>
  );
}

/** The season's summary (spec 3 §2): productivity, its extremes, the counts, cost and cycle. */
export function PerformanceCards({
  answer,
  format,
}: {
  answer: PerformanceAnswer;
  format: PerformanceFormat;
}) {
  const { t } = useTranslation('performance');
  const { summary } = answer;
  const none = t('cards.not_available');
  const ranked = (row: Ranked) =>
    row ? (
      <>
        {format.productivity(row.productivity)}
        <Box
          component="span"
          sx={{ display: 'block', fontSize: 14, fontWeight: 400, color: 'text.secondary' }}
        >
          {row.name ?? t('no_variety')}
        </Box>
      </>
    ) : (
      none
    );
  return (
    <Box
      component="ul"
      aria-label={t('cards.label')}
      data-testid="performance-cards"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      <Card
        testId="performance-average"
        label={t('cards.average')}
        value={
          summary.average_productivity === null
            ? none
            : format.productivity(summary.average_productivity)
        }
        hint={t('cards.average_hint', { count: summary.harvested_sowings })}
        emphasis
      />
      <Card
        testId="performance-total"
        label={t('cards.total')}
        value={format.production(summary.production)}
        hint={t('cards.total_hint', { area: format.area(summary.harvested_area) })}
        emphasis
      />
      <Card
        testId="performance-highest-plot"
        label={t('cards.highest_plot')}
        value={ranked(summary.highest_plot)}
      />
      <Card
        testId="performance-lowest-plot"
        label={t('cards.lowest_plot')}
        value={ranked(summary.lowest_plot)}
      />
      <Card
        testId="performance-highest-variety"
        label={t('cards.highest_variety')}
        value={ranked(summary.highest_variety)}
      />
      <Card
        testId="performance-lowest-variety"
        label={t('cards.lowest_variety')}
        value={ranked(summary.lowest_variety)}
      />
      <Card
        testId="performance-sowings"
        label={t('cards.sowings')}
        value={format.count(summary.sowings)}
        hint={t('cards.sowings_hint', { harvested: format.count(summary.harvested_sowings) })}
      />
      <Card
        testId="performance-varieties"
        label={t('cards.varieties')}
        value={format.count(summary.varieties)}
      />
      <Card
        testId="performance-sprays"
        label={t('cards.sprays')}
        value={format.count(summary.sprays)}
        hint={
          summary.sprays_per_sowing === null
            ? undefined
            : t('cards.sprays_hint', { value: format.decimal(summary.sprays_per_sowing) })
        }
      />
      <Card
        testId="performance-cost"
        label={t('cards.cost')}
        value={
          summary.product_cost_per_ha === null
            ? none
            : format.costPerArea(summary.product_cost_per_ha)
        }
        hint={t('cards.cost_hint')}
      />
      <Card
        testId="performance-cycle"
        label={t('cards.cycle')}
        value={summary.average_cycle === null ? none : format.days(summary.average_cycle)}
        hint={t('cards.cycle_hint')}
      />
    </Box>
  );
}
