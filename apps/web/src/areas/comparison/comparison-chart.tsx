import { useEffect, useRef, useState } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import type { Language } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import type { ProgramEvaluation } from '../../api/programs';
import { PercentGridlines } from '../shared/programs/program-chart';
import { percentOf } from '../shared/programs/program-explanation';
import { ProgramMarker, programStyle } from './program-style';

/**
 * "Protection over the season" of /comparacao: one small chart per disease, a line per program
 * (its P_d(t) from GET /api/programas/{id}?include=curvas), in plain SVG like the program's own
 * chart (shared/programs/program-chart.tsx). Programs sown or planned on different days line up by days
 * after their own emergence, the axis the engine computes on.
 */

export interface ChartProgram {
  /** Its place in the comparison: its colour and dash. */
  index: number;
  name: string;
  evaluation: ProgramEvaluation | null | undefined;
}

function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** A round step for the day axis, about one label per 56 px. */
function dayStep(days: number, plotWidth: number): number {
  const fits = Math.max(2, Math.floor(plotWidth / 56));
  return [10, 15, 20, 30, 40, 50, 60].find((step) => days / step <= fits) ?? 90;
}

interface Line {
  index: number;
  name: string;
  values: readonly number[];
}

function DiseaseChart({
  diseaseId,
  title,
  lines,
  language,
}: {
  diseaseId: number;
  title: string;
  lines: readonly Line[];
  language: Language;
}) {
  const { t } = useTranslation('comparison');
  const [ref, width] = useWidth<HTMLDivElement>(320);
  const height = 150;
  const margin = { left: 34, right: 10, top: 8, bottom: 22 };
  const plotW = Math.max(10, width - margin.left - margin.right);
  const plotH = height - margin.top - margin.bottom;
  const days = Math.max(1, ...lines.map((line) => line.values.length - 1));
  const x = (day: number) => margin.left + (Math.max(0, Math.min(days, day)) / days) * plotW;
  const y = (value: number) => margin.top + (1 - Math.max(0, Math.min(1, value))) * plotH;
  const path = (values: readonly number[]) =>
    values.length === 0
      ? ''
      : `M${values.map((value, day) => `${x(day).toFixed(1)},${y(value).toFixed(1)}`).join(' L')}`;
  const step = dayStep(days, plotW);
  const ticks: number[] = [];
  for (let day = 0; day <= days; day += step) ticks.push(day);
  const headingId = `comparison-chart-${diseaseId}`;

  return (
    <Box
      component="figure"
      aria-labelledby={headingId}
      sx={{ m: 0, minWidth: 0 }}
      data-testid="comparison-chart-disease"
      data-disease={diseaseId}
    >
      <Typography id={headingId} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box ref={ref} sx={{ width: '100%', overflow: 'hidden' }}>
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={t('chart.summary', {
            disease: title,
            programs: lines
              .map((line) =>
                t('chart.program_peak', {
                  name: line.name,
                  value: percentOf(Math.max(0, ...line.values), language),
                }),
              )
              .join('; '),
          })}
          style={{ display: 'block', fontFamily: 'inherit' }}
        >
          <PercentGridlines left={margin.left} width={plotW} y={y} lineColor="#eceef1" />
          {ticks.map((day) => (
            <g key={day}>
              <line
                x1={x(day)}
                x2={x(day)}
                y1={margin.top + plotH}
                y2={margin.top + plotH + 4}
                stroke="#9ca3af"
              />
              <text
                x={x(day)}
                y={height - 4}
                fontSize={10}
                textAnchor={day === 0 ? 'start' : x(day) > width - 16 ? 'end' : 'middle'}
                fill="#4b5563"
              >
                {day}
              </text>
            </g>
          ))}
          {lines.map((line) => {
            const style = programStyle(line.index);
            return (
              <path
                key={line.index}
                d={path(line.values)}
                fill="none"
                stroke={style.color}
                strokeWidth={2}
                strokeDasharray={style.dash}
                strokeLinejoin="round"
                data-testid="comparison-chart-line"
              />
            );
          })}
        </svg>
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        component="figcaption"
        sx={{ display: 'block', textAlign: 'right' }}
      >
        {t('chart.axis')}
      </Typography>
    </Box>
  );
}

export function ComparisonChart({
  programs,
  language,
  diseaseName,
}: {
  programs: readonly ChartProgram[];
  language: Language;
  diseaseName: (diseaseId: number) => string;
}) {
  const { t } = useTranslation('comparison');
  const drawn = programs.filter((program) => program.evaluation?.curvas);
  const notDrawn = programs.filter((program) => !program.evaluation?.curvas);
  const diseases: number[] = [];
  for (const program of drawn)
    for (const curve of program.evaluation!.curvas!.doencas)
      if (!diseases.includes(curve.doenca_id)) diseases.push(curve.doenca_id);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="comparison-chart-title"
      sx={{ p: 2 }}
      data-testid="comparison-chart"
    >
      <Typography id="comparison-chart-title" variant="h6" component="h2">
        {t('chart.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('chart.description')}
      </Typography>
      <Stack
        component="ul"
        direction="row"
        useFlexGap
        aria-label={t('chart.legend')}
        sx={{ flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.75, listStyle: 'none', p: 0, m: 0 }}
      >
        {programs.map((program) => (
          <Stack
            component="li"
            key={program.index}
            direction="row"
            spacing={0.75}
            sx={{ alignItems: 'center', minWidth: 0 }}
          >
            <ProgramMarker index={program.index} />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {`${program.index + 1} · ${program.name}`}
            </Typography>
          </Stack>
        ))}
      </Stack>
      {notDrawn.length > 0 && drawn.length > 0 && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1 }}
          data-testid="comparison-chart-not-drawn"
        >
          {t('chart.not_drawn', { names: notDrawn.map((program) => program.name).join(', ') })}
        </Typography>
      )}
      {drawn.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }} data-testid="comparison-chart-none">
          {t('chart.none')}
        </Typography>
      ) : (
        <Box
          sx={{
            mt: 2,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            columnGap: 3,
            rowGap: 2.5,
          }}
        >
          {diseases.map((diseaseId) => (
            <DiseaseChart
              key={diseaseId}
              diseaseId={diseaseId}
              title={diseaseName(diseaseId)}
              language={language}
              lines={drawn.flatMap((program) => {
                const curve = program.evaluation!.curvas!.doencas.find(
                  (row) => row.doenca_id === diseaseId,
                );
                return curve
                  ? [{ index: program.index, name: program.name, values: curve.protecao }]
                  : [];
              })}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}
