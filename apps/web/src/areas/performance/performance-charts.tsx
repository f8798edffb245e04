import { useEffect, useRef, useState } from 'react';
import { Box, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { PerformanceAnswer, PerformanceGroupAnswer } from '../../api/performance';
import type { PerformanceFormat } from './performance-format';

/** Hidden from the eye, read by screen readers (the chart's values as a table). */
const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** The width of a box as it lays out (0 until measured: jsdom draws no chart, only its table). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

interface ChartRow {
  name: string;
  value: number | null;
}

function GroupChart({
  testId,
  title,
  rows,
  text,
  color,
}: {
  testId: string;
  title: string;
  rows: readonly ChartRow[];
  /** A value as the table and the tooltip write it. */
  text: (value: number) => string;
  color: string;
}) {
  const { t } = useTranslation('performance');
  const [ref, width] = useWidth<HTMLDivElement>();
  const height = 48 + rows.length * 40;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={title}
      data-testid={testId}
      sx={{ p: 2, minWidth: 0 }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box ref={ref} aria-hidden sx={{ width: '100%', height }}>
        {width > 0 && (
          <BarChart
            width={width}
            height={height}
            data={rows.map((row) => ({ name: row.name, value: row.value ?? 0 }))}
            layout="vertical"
            margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
            // The picture is hidden from screen readers (the table below reads the values), so
            // it takes no keyboard focus either.
            accessibilityLayer={false}
          >
            <CartesianGrid horizontal={false} strokeDasharray="3 3" />
            <XAxis type="number" tickFormatter={(value: number) => text(value)} fontSize={12} />
            <YAxis
              type="category"
              dataKey="name"
              width={Math.min(160, Math.max(80, width * 0.35))}
              fontSize={12}
            />
            <Tooltip formatter={(value) => [text(Number(value)), title]} />
            <Bar
              dataKey="value"
              fill={color}
              radius={[0, 4, 4, 0]}
              maxBarSize={28}
              // Drawn at once: figures, not a show (and no motion for who asked for less).
              isAnimationActive={false}
            />
          </BarChart>
        )}
      </Box>
      <Box component="table" sx={VISUALLY_HIDDEN} data-testid={`${testId}-table`}>
        <caption>{t('charts.table', { title })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('charts.name')}</th>
            <th scope="col">{t('charts.value')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td>{row.value === null ? t('charts.no_value') : text(row.value)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}

type Grouping = 'plot' | 'variety';

/** The charts of spec 3 §2: product cost, sprays and average cycle, by plot or by variety. */
export function PerformanceCharts({
  answer,
  format,
}: {
  answer: PerformanceAnswer;
  format: PerformanceFormat;
}) {
  const { t } = useTranslation('performance');
  const theme = useTheme();
  const [grouping, setGrouping] = useState<Grouping>('plot');
  const groups = grouping === 'plot' ? answer.by_plot : answer.by_variety;
  const name = (group: PerformanceGroupAnswer) => group.name ?? t('no_variety');
  const rows = (value: (group: PerformanceGroupAnswer) => number | null): ChartRow[] =>
    groups.map((group) => ({ name: name(group), value: value(group) }));
  return (
    <Stack component="section" aria-label={t('charts.label')} spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={grouping}
        onChange={(_, next: Grouping | null) => next && setGrouping(next)}
        aria-label={t('charts.group')}
        data-testid="performance-grouping"
        sx={{ alignSelf: 'flex-start' }}
      >
        <ToggleButton value="plot" data-testid="performance-by-plot">
          {t('charts.by_plot')}
        </ToggleButton>
        <ToggleButton value="variety" data-testid="performance-by-variety">
          {t('charts.by_variety')}
        </ToggleButton>
      </ToggleButtonGroup>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <GroupChart
          testId="performance-chart-cost"
          title={t('charts.cost', { unit: format.areaUnit })}
          rows={rows((group) =>
            group.product_cost_per_ha === null
              ? null
              : format.costPerAreaValue(group.product_cost_per_ha),
          )}
          text={format.money}
          color={theme.palette.primary.main}
        />
        <GroupChart
          testId="performance-chart-sprays"
          title={t('charts.sprays')}
          rows={rows((group) => group.sprays)}
          text={format.count}
          color={theme.palette.secondary.main}
        />
        <GroupChart
          testId="performance-chart-cycle"
          title={t('charts.cycle')}
          rows={rows((group) => group.average_cycle)}
          text={format.days}
          color={theme.palette.info.main}
        />
      </Box>
    </Stack>
  );
}
