import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import {
  GROWTH_STAGES,
  PLAN_CHECK_CODES,
  citeSource,
  formatNumber,
  type Language,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import type {
  ApplicationEvaluation,
  EvaluationWarning,
  ProductEfficacy,
  TargetEfficacy,
} from '../../../api/programs';
import type { ProgramFormat } from './program-format';

/**
 * The "why" of the engine's numbers (issue 13 item 3, AGRONOMY §5–§6): each product's E with its
 * tag (S read in a source, D derived from trial data, A assumption — labelled as such on screen),
 * the dose factor, the exposure days and timing factor, and the warnings with their sources.
 */

/** A fraction 0–1 as a percent with one decimal: 0.755 → "75,5%". */
export function percentOf(fraction: number, language: Language): string {
  return `${formatNumber(fraction * 100, language, 1)}%`;
}

/** The product names of an application, by catalogue id. */
export type ProductNames = ReadonlyMap<number, string>;

/** The translated name of a growth stage code on a crop ("R1 – Início do florescimento"). */
export function useStageName() {
  const { t } = useTranslation('reference');
  return (cropId: number, code: string | null) => {
    if (!code) return '';
    const stage = GROWTH_STAGES.find((row) => row.crop_id === cropId && row.code === code);
    return stage ? t(stage.message_key) : code;
  };
}

/** The sources of a rule or number as text: "S1 (Godoy et al., Embrapa Soja, 2021), suposição". */
function useSourceList() {
  const { t } = useTranslation('programs');
  return (sources: readonly string[]) =>
    sources
      .map((source) => {
        if (source === 'assumption') return t('score.assumption');
        const citation = citeSource(source);
        return citation ? t('score.source_cited', { source, citation }) : source;
      })
      .join(', ');
}

/**
 * "Fontes: S1 (Godoy et al., Embrapa Soja, 2021), S2 (…), suposição": each source with its authors
 * and year, and what an assumption is where the word stands (its tooltip and description).
 */
export function SourceList({ sources }: { sources: readonly string[] }) {
  const { t } = useTranslation('programs');
  const sourceList = useSourceList();
  const cited = sources.filter((source) => source !== 'assumption');
  const assumed = cited.length < sources.length;
  return (
    <span data-testid="source-list">
      {t('score.sources_label')}: {cited.length > 0 && sourceList(cited)}
      {assumed && (
        <>
          {cited.length > 0 && ', '}
          <Tooltip title={t('score.glossary.tag_A')} describeChild>
            <Box
              component="span"
              tabIndex={0}
              data-testid="source-assumption"
              sx={{ textDecoration: 'underline dotted', cursor: 'help' }}
            >
              {t('score.assumption')}
            </Box>
          </Tooltip>
        </>
      )}
    </span>
  );
}

/** E's provenance as a small labelled chip: the source id, "derived · S15", or "assumption". */
function TagChip({ tag, source }: { tag: 'S' | 'D' | 'A'; source: string | null }) {
  const { t } = useTranslation('programs');
  const shown = source && source !== 'assumption' ? source : '';
  const label = t(`score.tag.${tag}`, { source: shown });
  // The tooltip names the source's authors and year, or says what an assumption is.
  const help = t(`score.tag_help.${tag}`, { source: shown, citation: citeSource(shown) ?? '' });
  return (
    <Tooltip title={help}>
      <Chip
        size="small"
        variant="outlined"
        color={tag === 'A' ? 'warning' : tag === 'D' ? 'info' : 'default'}
        label={label}
        data-testid="efficacy-tag"
        data-tag={tag}
        aria-label={help}
        sx={{ height: 20, fontSize: '0.7rem', '& .MuiChip-label': { px: 0.75 } }}
      />
    </Tooltip>
  );
}

/** What the explanation's words mean: the timing factor and the provenance tags. */
function ScoreGlossary() {
  const { t } = useTranslation('programs');
  return (
    <Box data-testid="score-glossary" sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
      {/* A label, not a heading: the glossary follows an h2 or h3 wherever it is shown. */}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
        {t('score.glossary.title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {(['factor', 'tag_S', 'tag_D', 'tag_A'] as const).map((key) => (
          <Typography component="li" variant="caption" color="text.secondary" key={key}>
            {t(`score.glossary.${key}`)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** Warnings that explain rather than alarm. */
const INFORMATIVE = new Set(['registered_dose_not_informed']);

/** The checks of a program as planned (issue 30 items 3–4): the comparison shows only these. */
export const PLAN_CHECKS: ReadonlySet<string> = new Set(PLAN_CHECK_CODES);

/** The resistance rules: their products are listed with their FRAC codes. */
const FRAC_RULES = new Set(['rotation', 'season_cap']);

/** The safety-interval checks, whose texts count the days missing. */
const SAFETY = new Set(['safety_interval', 'harvest_in_safety_interval']);

/** The engine's warnings, each as a translated sentence with its sources. */
export function WarningList({
  warnings,
  format,
  productNames,
  testId = 'evaluation-warnings',
}: {
  warnings: readonly EvaluationWarning[];
  format: ProgramFormat;
  productNames?: ProductNames | undefined;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('programs');
  if (warnings.length === 0) return null;
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
        {t('score.warnings')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
        {warnings.map((warning, index) => {
          const key = `programs:warning.${warning.code}`;
          const harvest = warning.colheita;
          const values = {
            product:
              (warning.defensivo_id !== null && productNames?.get(warning.defensivo_id)) ||
              warning.produtos?.find((product) => product.defensivo_id === warning.defensivo_id)
                ?.nome ||
              t('score.a_product'),
            disease:
              (warning.doenca_id !== null && format.disease(warning.doenca_id)) ||
              t('score.the_disease'),
            value: warning.valor === null ? '' : formatNumber(warning.valor, format.language),
            limit: warning.limite === null ? '' : formatNumber(warning.limite, format.language),
            groups: (warning.grupos ?? []).join(', '),
            group:
              warning.code === 'season_cap' && warning.grupos?.[0]
                ? t(`warning_detail.group_${warning.grupos[0]}`)
                : '',
            date: harvest ? format.day(harvest.data) : '',
            harvest: harvest
              ? t(`warning_detail.harvest_${harvest.origem}`, { date: format.day(harvest.data) })
              : '',
            spray: warning.aplicacao ?? '',
            // The safety checks' texts say "day" or "days" by the days missing.
            ...(SAFETY.has(warning.code) && warning.valor !== null ? { count: warning.valor } : {}),
          };
          const text = i18n.exists(key, values)
            ? t(`warning.${warning.code}`, values)
            : t('warning.unknown', { code: warning.code });
          const involved =
            FRAC_RULES.has(warning.code) && warning.produtos?.length
              ? t('warning_detail.products', {
                  list: warning.produtos
                    .map((product) =>
                      t(
                        product.anterior
                          ? 'warning_detail.product_frac_previous'
                          : 'warning_detail.product_frac',
                        {
                          product: product.nome,
                          codes: product.frac.length ? product.frac.join(', ') : '–',
                        },
                      ),
                    )
                    .join('; '),
                })
              : null;
          const Icon = INFORMATIVE.has(warning.code) ? InfoOutlinedIcon : ErrorOutlineIcon;
          return (
            <Stack
              component="li"
              key={`${warning.code}-${index}`}
              direction="row"
              spacing={0.75}
              data-testid="evaluation-warning"
              data-code={warning.code}
            >
              <Icon
                fontSize="small"
                color={INFORMATIVE.has(warning.code) ? 'info' : 'warning'}
                sx={{ mt: '1px' }}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2">{text}</Typography>
                {involved && (
                  <Typography variant="body2" data-testid="evaluation-warning-products">
                    {involved}
                  </Typography>
                )}
                {warning.fontes.length > 0 && (
                  <Typography variant="caption" color="text.secondary">
                    <SourceList sources={warning.fontes} />
                  </Typography>
                )}
              </Box>
            </Stack>
          );
        })}
      </Box>
    </Box>
  );
}

function ProductLine({
  product,
  name,
  language,
}: {
  product: ProductEfficacy;
  name: string;
  language: Language;
}) {
  const { t } = useTranslation('programs');
  let note: string | null = null;
  if (product.sem_registro) note = t('score.product_not_registered');
  else if (product.nao_informado || product.eficacia_percentual === null)
    note = t('score.product_not_informed');
  return (
    <Box
      component="li"
      data-testid="efficacy-product"
      sx={{ borderTop: 1, borderColor: 'divider', pt: 0.75 }}
    >
      <Stack
        direction="row"
        spacing={0.75}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      >
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {note ? (
          <Typography variant="body2" color="text.secondary" data-testid="efficacy-product-note">
            {note}
          </Typography>
        ) : (
          <>
            <Typography variant="body2">
              {t('score.product_efficacy', {
                value: `${formatNumber(product.eficacia_percentual!, language, 1)}%`,
              })}
            </Typography>
            {product.tag && <TagChip tag={product.tag} source={product.fonte} />}
          </>
        )}
      </Stack>
      {!note && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
          {[
            t('score.dose_factor', { value: formatNumber(product.fator_dose, language, 2) }),
            t('score.contribution', { value: percentOf(product.eficacia, language) }),
          ].join(' · ')}
        </Typography>
      )}
      {!note && product.dose_assumida && (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 0.25 }}>
          <Typography variant="caption" color="text.secondary" data-testid="efficacy-dose-assumed">
            {t('score.dose_assumed')}
          </Typography>
          <TagChip tag="A" source={null} />
        </Stack>
      )}
    </Box>
  );
}

function TargetExplanation({
  target,
  format,
  productNames,
}: {
  target: TargetEfficacy;
  format: ProgramFormat;
  productNames: ProductNames;
}) {
  const { t } = useTranslation('programs');
  const language = format.language;
  return (
    <Box data-testid="efficacy-explanation" data-target={target.alvo_id}>
      <Typography variant="subtitle2" component="h4" sx={{ m: 0 }}>
        {format.disease(target.alvo_id)}
      </Typography>
      <Typography variant="body2" data-testid="efficacy-formula">
        {t('score.formula', {
          potential: percentOf(target.eficacia_potencial, language),
          factor: formatNumber(target.fator_epoca, language, 2),
          adjusted: percentOf(target.eficacia_ajustada, language),
        })}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
        {t('score.exposure', { count: target.dias_expostos })}
        {' · '}
        {target.no_intervalo_recomendado ? t('score.in_range') : t('score.off_range')}
      </Typography>
      {target.sem_registro && target.produtos.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('score.target_not_registered')}
        </Typography>
      )}
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.75, display: 'grid', gap: 0.75 }}
      >
        {target.produtos.map((product) => (
          <ProductLine
            key={product.defensivo_id}
            product={product}
            name={productNames.get(product.defensivo_id) ?? t('score.a_product')}
            language={language}
          />
        ))}
      </Box>
    </Box>
  );
}

/** Per target: the formula with its numbers, then each product's part with its provenance. */
export function ApplicationExplanation({
  evaluation,
  format,
  productNames,
}: {
  evaluation: ApplicationEvaluation;
  format: ProgramFormat;
  productNames: ProductNames;
}) {
  return (
    <Stack spacing={1.5} data-testid="application-explanation">
      {evaluation.eficacias.map((target) => (
        <TargetExplanation
          key={target.alvo_id}
          target={target}
          format={format}
          productNames={productNames}
        />
      ))}
      {evaluation.eficacias.length > 0 && <ScoreGlossary />}
    </Stack>
  );
}
