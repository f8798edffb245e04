import { useId, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Collapse,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { SEVERITY_LEVELS, formatNumber, type Language } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import type {
  ApplicationEvaluation,
  EvaluationMissing,
  ProgramEvaluation,
} from '../../../api/programs';
import {
  ApplicationExplanation,
  WarningList,
  percentOf,
  SourceList,
  useStageName,
  type ProductNames,
} from './program-explanation';
import type { ProgramFormat } from './program-format';

/**
 * The engine's numbers on /programas (issue 13 items 3 and 10): the program score on each
 * program row and in the editor, and each application's score and efficacy per target with its
 * "why". Nothing is computed here: the API answers the scores (0–100) and efficacies (0–0.95).
 */

/** AGRONOMY §6: round half away from zero to one decimal, only for display. */
function roundScore(value: number): number {
  const scaled = Math.abs(value) * 10;
  // The nudge keeps 72.45 (stored as 72.4499…) rounding up, as its decimal reading says.
  return (Math.sign(value) * Math.round(scaled + 1e-9)) / 10;
}

export function formatScore(value: number, language: Language): string {
  return formatNumber(roundScore(value), language, 1);
}

/** The colour scale of a 0–100 score, with a word so colour is never the only signal. */
export function scoreLevel(value: number): {
  color: 'error' | 'warning' | 'success';
  key: 'score.level_low' | 'score.level_fair' | 'score.level_good';
} {
  if (value < 50) return { color: 'error', key: 'score.level_low' };
  if (value < 75) return { color: 'warning', key: 'score.level_fair' };
  return { color: 'success', key: 'score.level_good' };
}

/** Disease names take one column, so the bars of a list line up. */
const NAME_WIDTH = { xs: '42%', sm: '11rem' };

function ScoreBar({ value, label }: { value: number; label: string }) {
  return (
    <LinearProgress
      variant="determinate"
      value={Math.max(0, Math.min(100, value))}
      color={scoreLevel(value).color}
      aria-label={label}
      sx={{ height: 6, borderRadius: 3, flex: 1, minWidth: 48 }}
    />
  );
}

/** Why a program has no score, and how to give it one. */
function Unavailable({ missing, onFix }: { missing: EvaluationMissing; onFix?: () => void }) {
  const { t } = useTranslation('programs');
  return (
    <Alert
      severity="info"
      data-testid="program-score-unavailable"
      data-reason={missing}
      action={
        onFix ? (
          <Button color="inherit" size="small" onClick={onFix} data-testid="program-score-fix">
            {t('score.unavailable.fix')}
          </Button>
        ) : undefined
      }
      sx={{ alignItems: 'flex-start' }}
    >
      <AlertTitle>{t('score.unavailable.title')}</AlertTitle>
      {t(`score.unavailable.${missing}`)}
    </Alert>
  );
}

export interface ProgramScoreProps {
  evaluation?: ProgramEvaluation | null | undefined;
  /** Why there is no evaluation (avaliacao_indisponivel). */
  missing?: EvaluationMissing | null | undefined;
  format: ProgramFormat;
  /** 'row': compact, on a program row; 'header': the editor's, with what it is computed on. */
  variant?: 'row' | 'header';
  /** Opens the program's settings, where what is missing is filled in. */
  onFix?: (() => void) | undefined;
}

export function ProgramScore({
  evaluation,
  missing,
  format,
  variant = 'row',
  onFix,
}: ProgramScoreProps) {
  const { t } = useTranslation(['programs', 'reference']);
  const language = format.language;
  if (!evaluation) return missing ? <Unavailable missing={missing} onFix={onFix} /> : null;
  const header = variant === 'header';
  const level = scoreLevel(evaluation.program_score);
  const severity = SEVERITY_LEVELS.find((row) => row.code === evaluation.severidade);
  const severityName = severity ? t(severity.message_key, { ns: 'reference' }) : '';
  const diseases = evaluation.doencas.filter((disease) => disease.papel !== 'white_mold');
  return (
    <Box
      data-testid="program-score"
      sx={{
        mt: header ? 0 : 1.5,
        p: header ? 2 : 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        borderLeft: 4,
        borderLeftColor: `${level.color}.main`,
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 3 }}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ flexShrink: 0 }}>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
            {t('programs:score.title')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Typography
              variant={header ? 'h4' : 'h5'}
              component="p"
              sx={{ m: 0, fontWeight: 600, color: `${level.color}.dark` }}
              data-testid="program-score-value"
            >
              {formatScore(evaluation.program_score, language)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              / 100
            </Typography>
            <Chip
              size="small"
              color={level.color}
              label={t(`programs:${level.key}`)}
              data-testid="program-score-level"
            />
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
            {evaluation.severidade_assumida
              ? t('programs:score.severity_assumed', { value: severityName })
              : t('programs:score.severity', { value: severityName })}
          </Typography>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
            {t('programs:score.per_disease')}
          </Typography>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}
            data-testid="program-disease-scores"
          >
            {diseases.map((disease) => (
              <Box component="li" key={disease.doenca_id} data-testid="program-disease-score">
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography
                    variant="body2"
                    sx={{
                      fontWeight: disease.papel === 'main' ? 600 : 400,
                      width: NAME_WIDTH,
                      flexShrink: 0,
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {format.disease(disease.doenca_id)}
                  </Typography>
                  <ScoreBar value={disease.score} label={format.disease(disease.doenca_id)} />
                  <Typography variant="body2" sx={{ fontWeight: 500, flexShrink: 0 }}>
                    {formatScore(disease.score, language)}
                  </Typography>
                </Stack>
                {header && (
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
                    {t('programs:score.disease_detail', {
                      role: t(`programs:score.role_${disease.papel}`),
                      weight: percentOf(disease.peso, language),
                      target: percentOf(disease.alvo, language),
                    })}
                    {disease.fontes.length > 0 && (
                      <>
                        {' · '}
                        <SourceList sources={disease.fontes} />
                      </>
                    )}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
          {evaluation.white_mold_program_score !== null && (
            <Typography variant="body2" sx={{ mt: 0.75 }} data-testid="program-white-mold-score">
              {t('programs:score.white_mold_value', {
                value: formatScore(evaluation.white_mold_program_score, language),
              })}
            </Typography>
          )}
        </Box>
      </Stack>
      {header && (
        <Stack spacing={1} sx={{ mt: 1.5 }}>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
            {t('programs:score.computed_on', {
              date: format.day(evaluation.data_emergencia),
              count: evaluation.ciclo_dias,
            })}{' '}
            {t('programs:score.scale')}
          </Typography>
          <WarningList warnings={evaluation.avisos} format={format} testId="program-warnings" />
        </Stack>
      )}
    </Box>
  );
}

export interface ApplicationEfficacyProps {
  evaluation?: ApplicationEvaluation | null | undefined;
  format: ProgramFormat;
  cropId: number;
  productNames: ProductNames;
  /** False: the caller shows the "stage not recommended" warning itself. */
  showStageWarning?: boolean;
  /** A white-mold spray: its white-mold score leads; the regular score (white mold excluded) is a side note. */
  whiteMoldSpray?: boolean;
}

/** An application's score, stage and adjusted efficacy per target, with its "why". */
export function ApplicationEfficacy({
  evaluation,
  format,
  cropId,
  productNames,
  showStageWarning = true,
  whiteMoldSpray = false,
}: ApplicationEfficacyProps) {
  const { t } = useTranslation('programs');
  const stageName = useStageName();
  const [open, setOpen] = useState(false);
  const whyId = useId();
  if (!evaluation) return null;
  const language = format.language;
  const level = scoreLevel(evaluation.spray_score);
  const sprayChip = (
    <Chip
      size="small"
      // On a white-mold spray the regular score is 0 by design (§6 leaves white mold out of it):
      // neutral there, never a red alarm.
      {...(whiteMoldSpray ? { variant: 'outlined' as const } : { color: level.color })}
      label={t('score.spray_value', { value: formatScore(evaluation.spray_score, language) })}
      data-testid="application-score"
    />
  );
  const whiteMoldScore = evaluation.white_mold_score;
  const whiteMoldChip = whiteMoldScore !== null && (
    <Chip
      size="small"
      {...(whiteMoldSpray
        ? { color: scoreLevel(whiteMoldScore).color }
        : { variant: 'outlined' as const })}
      label={t('score.white_mold_spray', { value: formatScore(whiteMoldScore, language) })}
      data-testid="application-white-mold-score"
    />
  );
  return (
    <Box
      data-testid="application-efficacy"
      sx={{ mt: 1.5, pt: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {whiteMoldSpray ? (
          <>
            {whiteMoldChip}
            {sprayChip}
          </>
        ) : (
          <>
            {sprayChip}
            {whiteMoldChip}
          </>
        )}
        {evaluation.estadio && (
          <Typography variant="body2" color="text.secondary" data-testid="application-stage">
            {t('score.stage', { stage: stageName(cropId, evaluation.estadio) })}
          </Typography>
        )}
        {showStageWarning && evaluation.estadio_nao_recomendado && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            label={t('score.stage_not_recommended')}
            data-testid="application-stage-not-recommended"
          />
        )}
      </Stack>
      {evaluation.eficacias.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
            {t('score.efficacy_title')}
          </Typography>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}
            data-testid="application-efficacies"
          >
            {evaluation.eficacias.map((target) => (
              <Stack
                component="li"
                key={target.alvo_id}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center' }}
                data-testid="application-target"
              >
                <Typography
                  variant="body2"
                  sx={{ width: NAME_WIDTH, flexShrink: 0, overflowWrap: 'anywhere' }}
                >
                  {format.disease(target.alvo_id)}
                </Typography>
                <ScoreBar
                  value={target.eficacia_ajustada * 100}
                  label={format.disease(target.alvo_id)}
                />
                <Typography
                  variant="body2"
                  sx={{ fontWeight: 600, flexShrink: 0 }}
                  data-testid="application-target-efficacy"
                >
                  {target.sem_registro
                    ? t('score.not_registered_short')
                    : percentOf(target.eficacia_ajustada, language)}
                </Typography>
              </Stack>
            ))}
          </Box>
          <Button
            size="small"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={whyId}
            endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            data-testid="application-why"
            sx={{ mt: 0.5, ml: -0.5 }}
          >
            {open ? t('score.why_hide') : t('score.why')}
          </Button>
          <Collapse in={open} id={whyId} unmountOnExit>
            <Box
              sx={{ mt: 1, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}
              role="region"
              aria-label={t('score.why_title')}
            >
              <ApplicationExplanation
                evaluation={evaluation}
                format={format}
                productNames={productNames}
              />
            </Box>
          </Collapse>
        </Box>
      )}
      {evaluation.avisos.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <WarningList warnings={evaluation.avisos} format={format} productNames={productNames} />
        </Box>
      )}
    </Box>
  );
}
