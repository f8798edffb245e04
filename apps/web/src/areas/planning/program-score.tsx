import type { ReactNode } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { formatNumber } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../app/i18n';

/**
 * Where the engine's numbers go (issue 13 items 3 and 10): the program score and each
 * application's efficacy per target, with their explanation. Nothing is computed here; until the
 * program answers its scores, these render nothing. The values are fractions 0–1.
 */
export interface ProgramScoreProps {
  /** The program's score (program_score). */
  score?: number | null;
  /** The program's white-mold score (white_mold_program_score). */
  whiteMoldScore?: number | null;
  /** Why the score is what it is: the engine's explanation, already in the user's words. */
  explanation?: ReactNode;
}

const percent = (value: number, language: ReturnType<typeof useLanguage>) =>
  `${formatNumber(value * 100, language, 0)}%`;

export function ProgramScore({ score, whiteMoldScore, explanation }: ProgramScoreProps) {
  const { t } = useTranslation('programs');
  const language = useLanguage();
  if (score == null && whiteMoldScore == null) return null;
  return (
    <Box data-testid="program-score">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {score != null && (
          <Chip color="primary" label={t('score.program', { value: percent(score, language) })} />
        )}
        {whiteMoldScore != null && (
          <Chip label={t('score.white_mold', { value: percent(whiteMoldScore, language) })} />
        )}
      </Stack>
      {explanation && <Box sx={{ mt: 1 }}>{explanation}</Box>}
    </Box>
  );
}

/** An application's efficacy per target (eficacias), as the engine answers it. */
export interface ApplicationEfficacyProps {
  efficacies?:
    | readonly {
        /** The target disease's name, translated. */
        target: string;
        eficacia_ajustada: number | null;
        eficacia_potencial: number | null;
        sem_registro?: boolean;
      }[]
    | null;
  /** The spray's score (spray_score). */
  sprayScore?: number | null;
  explanation?: ReactNode;
}

export function ApplicationEfficacy({
  efficacies,
  sprayScore,
  explanation,
}: ApplicationEfficacyProps) {
  const { t } = useTranslation('programs');
  const language = useLanguage();
  if (!efficacies?.length && sprayScore == null) return null;
  return (
    <Box data-testid="application-efficacy">
      {sprayScore != null && (
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {t('score.spray', { value: percent(sprayScore, language) })}
        </Typography>
      )}
      {efficacies?.map((row) => (
        <Typography key={row.target} variant="body2" color="text.secondary">
          {row.sem_registro
            ? t('score.not_registered', { target: row.target })
            : t('score.efficacy', {
                target: row.target,
                value:
                  row.eficacia_ajustada == null ? '—' : percent(row.eficacia_ajustada, language),
              })}
        </Typography>
      ))}
      {explanation}
    </Box>
  );
}
