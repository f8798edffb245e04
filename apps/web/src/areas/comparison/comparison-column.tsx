import type { ReactNode } from 'react';
import { Box, Chip, LinearProgress, Paper, Skeleton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Farm } from '../../api/farms';
import { useDefensives, type EvaluationWarning, type Program } from '../../api/programs';
import type { SeasonCrop } from '../../api/reference';
import { useFarmVarieties } from '../../api/varieties';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { RowAction } from '../../shell/row-action';
import { visuallyHidden } from '../../shell/visually-hidden';
import { useProgramFormat, type ProgramFormat } from '../shared/programs/program-format';
import { PLAN_CHECKS, WarningList } from '../shared/programs/program-explanation';
import { formatScore, scoreLevel } from '../shared/programs/program-score';
import { ProgramMarker, programStyle } from './program-style';

/**
 * Rows every column has, in order: heading, scores, costs, sprays. On a wide screen the columns
 * share these rows (CSS subgrid), so a score sits beside the other programs' scores.
 */
export const COLUMN_SECTIONS = 4;

/** What a column needs to line up with the others. */
export interface ColumnRows {
  /** Every disease scored by any program compared, in one order. */
  diseases: readonly number[];
  /** Whether any program compared has a white-mold score. */
  whiteMold: boolean;
}

function Frame({
  index,
  labelledBy,
  testId,
  children,
}: {
  index: number;
  labelledBy?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={labelledBy}
      data-testid={testId}
      sx={{
        gridRow: `span ${COLUMN_SECTIONS}`,
        display: 'grid',
        gridTemplateRows: 'subgrid',
        rowGap: 0,
        minWidth: 0,
        borderTop: 4,
        borderTopColor: programStyle(index).color,
        overflow: 'hidden',
      }}
    >
      {children}
    </Paper>
  );
}

function Section({ children, first = false }: { children: ReactNode; first?: boolean }) {
  return (
    <Box
      sx={{
        px: 2,
        py: 1.5,
        minWidth: 0,
        ...(first ? {} : { borderTop: 1, borderColor: 'divider' }),
      }}
    >
      {children}
    </Box>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="dd"
        sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** One score row: a disease (or white mold), its bar and value, or a dash when not in the program. */
function ScoreRow({
  label,
  value,
  language,
  testId,
  diseaseId,
}: {
  label: string;
  value: number | null;
  language: ProgramFormat['language'];
  testId: string;
  diseaseId?: number;
}) {
  const { t } = useTranslation('comparison');
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', minHeight: 24 }}
      data-testid={testId}
      data-disease={diseaseId}
    >
      <Typography variant="body2" sx={{ width: '45%', flexShrink: 0, overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      {value === null ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ flex: 1, textAlign: 'right' }}
          title={t('column.not_in_program')}
        >
          <span aria-hidden>—</span>
          <Box component="span" sx={visuallyHidden}>
            {t('column.not_in_program')}
          </Box>
        </Typography>
      ) : (
        <>
          <LinearProgress
            variant="determinate"
            value={Math.max(0, Math.min(100, value))}
            color={scoreLevel(value).color}
            aria-label={label}
            sx={{ height: 6, borderRadius: 3, flex: 1, minWidth: 32 }}
          />
          <Typography
            variant="body2"
            sx={{ fontWeight: 500, flexShrink: 0, minWidth: '2.5em', textAlign: 'right' }}
          >
            {formatScore(value, language)}
          </Typography>
        </>
      )}
    </Stack>
  );
}

function Scores({
  program,
  rows,
  format,
}: {
  program: Program;
  rows: ColumnRows;
  format: ProgramFormat;
}) {
  const { t } = useTranslation(['comparison', 'programs']);
  const evaluation = program.avaliacao;
  if (!evaluation) {
    return (
      <Box data-testid="comparison-no-score">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('column.no_score')}
        </Typography>
        {program.avaliacao_indisponivel && (
          <Typography variant="body2" color="text.secondary">
            {t(`column.no_score_${program.avaliacao_indisponivel}`)}
          </Typography>
        )}
      </Box>
    );
  }
  const level = scoreLevel(evaluation.program_score);
  const scoreOf = (diseaseId: number) =>
    evaluation.doencas.find(
      (disease) => disease.doenca_id === diseaseId && disease.papel !== 'white_mold',
    )?.score ?? null;
  return (
    <Box data-testid="comparison-score">
      <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
        {t('column.score')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography
          variant="h5"
          component="p"
          sx={{ m: 0, fontWeight: 600, color: `${level.color}.dark` }}
          data-testid="comparison-score-value"
        >
          {formatScore(evaluation.program_score, format.language)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          / 100
        </Typography>
        <Chip size="small" color={level.color} label={t(`programs:${level.key}`)} />
      </Stack>
      <Typography variant="caption" color="text.secondary" component="h3" sx={{ mt: 1, mb: 0.5 }}>
        {t('column.per_disease')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {rows.diseases.map((diseaseId) => (
          <ScoreRow
            key={diseaseId}
            diseaseId={diseaseId}
            label={format.disease(diseaseId)}
            value={scoreOf(diseaseId)}
            language={format.language}
            testId="comparison-disease-score"
          />
        ))}
        {rows.whiteMold && (
          <ScoreRow
            label={t('column.white_mold')}
            value={evaluation.white_mold_program_score}
            language={format.language}
            testId="comparison-white-mold-score"
          />
        )}
      </Box>
    </Box>
  );
}

function Sprays({ program, format }: { program: Program; format: ProgramFormat }) {
  const { t } = useTranslation(['comparison', 'programs']);
  const units = new Map(
    (useDefensives(program.fazenda_id, program.crop_id).data ?? []).map((row) => [
      row.id,
      row.unidade,
    ]),
  );
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('column.sprays_title')}
      </Typography>
      {program.planejamentos.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('column.no_sprays')}
        </Typography>
      ) : (
        <Box
          component="ol"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}
          data-testid="comparison-sprays"
        >
          {program.planejamentos.map((application) => (
            <Box component="li" key={application.id} data-testid="comparison-spray">
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('programs:application.title', {
                    number: application.aplicacao,
                    date: format.day(
                      application.data_realizada ?? application.data_aplicacao_planejada,
                    ),
                  })}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
                >
                  {format.costPerArea(application.custo_ha)}
                </Typography>
              </Stack>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {application.produtos.map((product) => (
                  <Typography
                    component="li"
                    variant="body2"
                    color="text.secondary"
                    key={product.defensivo_id}
                    sx={{ overflowWrap: 'anywhere' }}
                    data-testid="comparison-product"
                  >
                    {t('column.product', {
                      product: product.nome,
                      dose: format.dose(product.dose, units.get(product.defensivo_id)),
                    })}
                  </Typography>
                ))}
              </Box>
              <PlanChecks
                warnings={application.avaliacao?.avisos ?? []}
                format={format}
                productNames={
                  new Map(
                    application.produtos.map((product) => [product.defensivo_id, product.nome]),
                  )
                }
                testId="comparison-spray-warnings"
              />
            </Box>
          ))}
        </Box>
      )}
      <PlanChecks
        warnings={program.avaliacao?.avisos ?? []}
        format={format}
        testId="comparison-program-warnings"
      />
    </Box>
  );
}

/** The plan's resistance and safety-interval warnings (issue 30 items 3–4), the others left out. */
function PlanChecks({
  warnings,
  format,
  productNames,
  testId,
}: {
  warnings: readonly EvaluationWarning[];
  format: ProgramFormat;
  productNames?: ReadonlyMap<number, string>;
  testId: string;
}) {
  const checks = warnings.filter((warning) => PLAN_CHECKS.has(warning.code));
  if (!checks.length) return null;
  return (
    <Box sx={{ mt: 0.75 }}>
      <WarningList warnings={checks} format={format} productNames={productNames} testId={testId} />
    </Box>
  );
}

function Loaded({
  index,
  program,
  farm,
  rows,
  seasonName,
  onRemove,
}: {
  index: number;
  program: Program;
  farm: Farm;
  rows: ColumnRows;
  seasonName: string | null;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['comparison', 'programs']);
  const format = useProgramFormat(farm);
  const variety = useFarmVarieties(program.fazenda_id, program.season_crop_id).data?.find(
    (row) => row.id === program.cultivar_id,
  );
  const name = program.nome || t('programs:list.unnamed');
  const titleId = `comparison-program-${program.id}`;
  return (
    <Frame index={index} labelledBy={titleId} testId="comparison-column">
      <Section first>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <ProgramMarker index={index} />
              <Typography variant="caption" color="text.secondary">
                {t('column.number', { number: index + 1 })}
              </Typography>
            </Stack>
            <Typography
              id={titleId}
              variant="h6"
              component="h2"
              sx={{ fontSize: 18, lineHeight: 1.3, fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {name}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere' }}
              data-testid="comparison-farm-variety"
            >
              {variety ? `${farm.nome} · ${variety.name}` : farm.nome}
            </Typography>
            <Stack direction="row" useFlexGap spacing={0.75} sx={{ flexWrap: 'wrap', mt: 0.75 }}>
              {seasonName && <Chip size="small" label={seasonName} />}
              <Chip
                size="small"
                variant="outlined"
                label={program.semeadura_id !== null ? t('column.execution') : t('column.plan')}
              />
            </Stack>
          </Box>
          <RowAction
            label={t('column.remove', { name })}
            icon={<CloseIcon />}
            onClick={onRemove}
            testId="comparison-remove"
          />
        </Stack>
      </Section>
      <Section>
        <Scores program={program} rows={rows} format={format} />
      </Section>
      <Section>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, m: 0 }}
        >
          <Fact
            label={t('programs:list.cost_per_area', { unit: format.areaUnit })}
            value={format.costPerArea(program.custo_ha)}
            testId="comparison-cost-per-area"
          />
          <Fact
            label={t('programs:list.cost_total')}
            value={
              program.custo_total === null
                ? t('programs:list.no_area')
                : format.money(program.custo_total)
            }
            testId="comparison-cost-total"
          />
          <Fact
            label={t('programs:list.sprays')}
            value={String(program.planejamentos.length)}
            testId="comparison-spray-count"
          />
          <Fact
            label={t('column.emergence')}
            value={
              program.data_prevista ? format.day(program.data_prevista) : t('programs:not_informed')
            }
            testId="comparison-emergence"
          />
        </Box>
      </Section>
      <Section>
        <Sprays program={program} format={format} />
      </Section>
    </Frame>
  );
}

/** One program of the comparison: loading, its failure (with retry and remove), or its column. */
export function ComparisonColumn({
  index,
  programId,
  query,
  farm,
  rows,
  season,
  seasonLabel,
  onRemove,
}: {
  index: number;
  programId: number;
  query: UseQueryResult<Program>;
  /** The program's farm (the current one until the program says). */
  farm: Farm;
  rows: ColumnRows;
  season: SeasonCrop | null;
  seasonLabel: (season: SeasonCrop) => string;
  onRemove: () => void;
}) {
  const { t } = useTranslation('comparison');
  if (query.data) {
    return (
      <Loaded
        index={index}
        program={query.data}
        farm={farm}
        rows={rows}
        seasonName={season ? seasonLabel(season) : null}
        onRemove={onRemove}
      />
    );
  }
  if (query.isError) {
    return (
      <Frame index={index} testId="comparison-column-error">
        <Section first>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
              {t('column.unavailable', { id: programId })}
            </Typography>
            <RowAction
              label={t('column.remove', { name: programId })}
              icon={<CloseIcon />}
              onClick={onRemove}
              testId="comparison-remove"
            />
          </Stack>
          <Box sx={{ mt: 1 }}>
            <ApiErrorAlert
              error={query.error}
              onRetry={() => void query.refetch()}
              retryLabel={t('retry')}
            />
          </Box>
        </Section>
      </Frame>
    );
  }
  return (
    <Frame index={index} testId="comparison-column-loading">
      <Section first>
        <Box role="status" aria-label={t('loading')}>
          <Skeleton width="40%" />
          <Skeleton variant="rounded" height={28} sx={{ my: 0.5 }} />
          <Skeleton width="70%" />
        </Box>
      </Section>
      <Section>
        <Skeleton variant="rounded" height={96} />
      </Section>
      <Section>
        <Skeleton variant="rounded" height={64} />
      </Section>
      <Section>
        <Skeleton variant="rounded" height={120} />
      </Section>
    </Frame>
  );
}
