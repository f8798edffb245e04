import { useEffect, useState } from 'react';
import { Box, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { LOCALE_RULES } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import type { Application, ProgramEvaluation } from '../../../api/programs';
import { percentOf } from './program-explanation';
import type { ProgramFormat } from './program-format';

/**
 * The season at a glance (issue 13 item 10), drawn in plain SVG: the growth stages on a date axis,
 * each chosen disease's risk R_d(t) as a shaded area, the program's protection P_d(t) as a line,
 * and the spray days marked. The curves come from GET /api/programas/{id}?include=curvas.
 */

/** One colour per disease, main first; they stay apart for the common colour-vision deficiencies. */
const COLORS = ['#c2410c', '#1d4ed8', '#7e22ce', '#0f766e'];

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * The width of an element, followed as it resizes. A callback ref: the chart's box appears only
 * once the curves arrive (after a skeleton), and is measured then, not left at the fallback.
 */
function useWidth<T extends HTMLElement>(fallback: number) {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    if (!element) return;
    const measure = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width] as const;
}

export function ProgramChart({
  evaluation,
  applications,
  format,
}: {
  evaluation: ProgramEvaluation;
  applications: readonly Application[];
  format: ProgramFormat;
}) {
  const { t } = useTranslation('programs');
  const [ref, width] = useWidth<HTMLDivElement>(640);
  const curves = evaluation.curvas;
  const cycle = evaluation.ciclo_dias;
  const start = dayNumber(evaluation.data_emergencia);
  const dateOf = (day: number) => new Date((start + day) * DAY_MS).toISOString().slice(0, 10);

  const title = (
    <Typography variant="h6" component="h2" id="program-chart-title">
      {t('chart.title')}
    </Typography>
  );
  if (!curves) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="program-chart-loading">
        {title}
        <Skeleton variant="rounded" height={200} aria-label={t('chart.loading')} />
      </Paper>
    );
  }

  const narrow = width < 480;
  const height = narrow ? 190 : 230;
  const margin = { left: 34, right: 10, top: 22, bottom: 26 };
  const plotW = Math.max(10, width - margin.left - margin.right);
  const plotH = height - margin.top - margin.bottom;
  const x = (day: number) => margin.left + (Math.max(0, Math.min(cycle, day)) / cycle) * plotW;
  const y = (value: number) => margin.top + (1 - Math.max(0, Math.min(1, value))) * plotH;

  const diseases = curves.doencas.map((disease, index) => ({
    ...disease,
    color: COLORS[index % COLORS.length]!,
    name: format.disease(disease.doenca_id),
    /** T: the protection the score counts as full. */
    target: evaluation.doencas.find((row) => row.doenca_id === disease.doenca_id)?.alvo ?? null,
  }));
  const areaPath = (values: readonly number[]) => {
    if (values.length === 0) return '';
    const points = values.map((value, day) => `${x(day).toFixed(1)},${y(value).toFixed(1)}`);
    return `M${x(0).toFixed(1)},${y(0)} L${points.join(' L')} L${x(values.length - 1).toFixed(1)},${y(0)} Z`;
  };
  const linePath = (values: readonly number[]) =>
    values.length === 0
      ? ''
      : `M${values.map((value, day) => `${x(day).toFixed(1)},${y(value).toFixed(1)}`).join(' L')}`;

  // Stage labels that fit: greedily, left to right, at least 26 px apart.
  const stages = curves.estadios
    .map((stage) => ({ ...stage, day: dayNumber(stage.date) - start }))
    .filter((stage) => stage.day >= 0 && stage.day <= cycle);
  let lastLabel = -Infinity;
  const labelled = new Set<string>();
  for (const stage of stages) {
    if (x(stage.day) - lastLabel >= (narrow ? 30 : 26)) {
      labelled.add(stage.code);
      lastLabel = x(stage.day);
    }
  }
  const tickCount = Math.max(2, Math.floor(plotW / (narrow ? 80 : 90)));
  const tickStep = Math.max(1, Math.ceil(cycle / tickCount));
  const ticks: number[] = [];
  for (let day = 0; day <= cycle; day += tickStep) ticks.push(day);
  const dateLabel = new Intl.DateTimeFormat(LOCALE_RULES[format.language].locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const sprays = applications.map((application) => ({
    number: application.aplicacao,
    day: dayNumber(application.data_realizada ?? application.data_aplicacao_planejada) - start,
  }));

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-labelledby="program-chart-title"
      data-testid="program-chart"
    >
      {title}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('chart.description')}
      </Typography>
      <Box ref={ref} sx={{ width: '100%', overflow: 'hidden' }}>
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={t('chart.summary', {
            start: format.day(evaluation.data_emergencia),
            end: format.day(dateOf(cycle)),
            diseases: diseases.map((disease) => disease.name).join(', '),
            count: applications.length,
          })}
          style={{ display: 'block', fontFamily: 'inherit' }}
        >
          {/* Growth stages: a light line each, the code where it fits. */}
          {stages.map((stage) => (
            <g key={stage.code}>
              <line
                x1={x(stage.day)}
                x2={x(stage.day)}
                y1={margin.top}
                y2={margin.top + plotH}
                stroke="#e5e7eb"
              />
              {labelled.has(stage.code) && (
                <text
                  x={x(stage.day)}
                  y={margin.top - 8}
                  fontSize={10}
                  textAnchor="middle"
                  fill="#4b5563"
                >
                  {stage.code}
                </text>
              )}
            </g>
          ))}
          {/* 0, 50 and 100% on the left. */}
          <PercentGridlines left={margin.left} width={plotW} y={y} />
          {diseases.map((disease) => (
            <path
              key={`risk-${disease.doenca_id}`}
              d={areaPath(disease.risco)}
              fill={disease.color}
              fillOpacity={0.14}
              stroke="none"
              data-testid="program-chart-risk"
            />
          ))}
          {diseases.map(
            (disease) =>
              disease.target !== null && (
                <line
                  key={`target-${disease.doenca_id}`}
                  x1={margin.left}
                  x2={margin.left + plotW}
                  y1={y(disease.target)}
                  y2={y(disease.target)}
                  stroke={disease.color}
                  strokeOpacity={0.7}
                  strokeDasharray="6 4"
                />
              ),
          )}
          {diseases.map((disease) => (
            <path
              key={`protection-${disease.doenca_id}`}
              d={linePath(disease.protecao)}
              fill="none"
              stroke={disease.color}
              strokeWidth={2}
              strokeLinejoin="round"
              data-testid="program-chart-protection"
            />
          ))}
          {sprays.map((spray) => (
            <g key={spray.number} data-testid="program-chart-spray">
              <line
                x1={x(spray.day)}
                x2={x(spray.day)}
                y1={margin.top}
                y2={margin.top + plotH}
                stroke="#111827"
                strokeDasharray="3 3"
                strokeOpacity={0.6}
              />
              <circle cx={x(spray.day)} cy={margin.top + plotH} r={8} fill="#111827" />
              <text
                x={x(spray.day)}
                y={margin.top + plotH + 3.5}
                fontSize={10}
                fontWeight={600}
                textAnchor="middle"
                fill="#fff"
              >
                {spray.number}
              </text>
            </g>
          ))}
          {ticks.map((day) => (
            <text
              key={day}
              x={x(day)}
              y={height - 4}
              fontSize={10}
              textAnchor={day === 0 ? 'start' : x(day) > width - 36 ? 'end' : 'middle'}
              fill="#4b5563"
            >
              {dateLabel.format(new Date((start + day) * DAY_MS))}
            </text>
          ))}
        </svg>
      </Box>
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', mt: 1, columnGap: 2, rowGap: 0.5 }}
        component="ul"
        aria-label={t('chart.title')}
        style={{ listStyle: 'none', padding: 0, marginBottom: 0 }}
      >
        {diseases.map((disease) => (
          <Stack
            component="li"
            key={disease.doenca_id}
            direction="row"
            useFlexGap
            sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
          >
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Box
                sx={{
                  width: 14,
                  height: 10,
                  bgcolor: disease.color,
                  opacity: 0.25,
                  borderRadius: 0.5,
                }}
              />
              <Typography variant="caption">
                {t('chart.risk', { disease: disease.name })}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 14, height: 2, bgcolor: disease.color }} />
              <Typography variant="caption">
                {t('chart.protection', { disease: disease.name })}
              </Typography>
            </Stack>
            {disease.target !== null && (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <Box
                  sx={{
                    width: 14,
                    borderTop: 2,
                    borderColor: disease.color,
                    borderTopStyle: 'dashed',
                  }}
                />
                <Typography variant="caption">
                  {t('chart.target', { value: percentOf(disease.target, format.language) })}
                </Typography>
              </Stack>
            )}
          </Stack>
        ))}
        <Stack component="li" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: '#111827' }} />
          <Typography variant="caption">{t('chart.spray')}</Typography>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The 0, 50 and 100 % lines of a chart, labelled on the left (the program's and comparison's). */
export function PercentGridlines({
  left,
  width,
  y,
  lineColor = '#f3f4f6',
}: {
  left: number;
  width: number;
  y: (value: number) => number;
  lineColor?: string;
}) {
  return (
    <>
      {[0, 0.5, 1].map((value) => (
        <g key={value}>
          <line
            x1={left}
            x2={left + width}
            y1={y(value)}
            y2={y(value)}
            stroke={value === 0 ? '#9ca3af' : lineColor}
          />
          <text x={left - 4} y={y(value) + 3} fontSize={10} textAnchor="end" fill="#4b5563">
            {`${value * 100}%`}
          </text>
        </g>
      ))}
    </>
  );
}
