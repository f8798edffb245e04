import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  Divider,
  Drawer,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { ERROR_KEYS, REACTIONS, type CatalogueCategory } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  EFFICACY_TAGS,
  useCatalogueItem,
  type EfficacyTag,
  type PesticideDetail,
  type VarietyDetail,
} from '../../api/catalogue';
import { ApiError } from '../../api/http';
import { useLanguage } from '../../lib/i18n';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { InlineMessage } from '../../shell/inline-message';
import { VarietyOnFarm } from './variety-on-farm';
import {
  chemicalGroupName,
  cropName,
  cropNames,
  dayOfYear,
  doseText,
  formatNumber,
  formulationName,
  informed,
  joined,
  productClassNames,
  range,
  registrationOf,
  riskClassName,
  yesNo,
  type RegistrationState,
} from './catalog-format';
import { DeleteOwnEntry, InformedChip } from './account-entry';
import { LoadingState } from '../../shell/loading-state';

const TITLE_ID = 'catalog-detail-title';

function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box component="section" data-testid={testId} sx={{ py: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Label and value pairs, two columns where there is room. */
function Facts({ items }: { items: { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        columnGap: 3,
        rowGap: 1.5,
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {item.label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: 'anywhere' }}
            data-testid={item.testId}
          >
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const TAG_COLOUR: Record<EfficacyTag, 'success' | 'info' | 'warning'> = {
  S: 'success',
  D: 'info',
  A: 'warning',
};

/** The basis of an efficacy: S read in a source, D derived from trials, A an assumption. */
function TagChip({ tag }: { tag: EfficacyTag }) {
  const { t } = useTranslation('catalog');
  return (
    <Tooltip title={t(`detail.tag_help.${tag}`)} describeChild>
      <Chip
        size="small"
        variant="outlined"
        color={TAG_COLOUR[tag]}
        label={`${tag} · ${t(`detail.tag_label.${tag}`)}`}
        data-testid={`efficacy-tag-${tag}`}
        // Coloured text on white is below 4.5:1 for some tones: the border carries the colour.
        sx={{ color: 'text.primary', fontWeight: 500 }}
      />
    </Tooltip>
  );
}

const REGISTRATION_COLOUR: Record<RegistrationState, 'success' | 'default' | 'warning'> = {
  registered: 'success',
  not_registered: 'default',
  not_informed: 'warning',
};

const CELL = { px: 1, verticalAlign: 'top' } as const;
const HEAD = { ...CELL, fontWeight: 600 } as const;

function Registrations({ item }: { item: PesticideDetail }) {
  const { t } = useTranslation(['catalog', 'reference']);
  const language = useLanguage();
  if (item.doses_per_target.length === 0) {
    return <Typography variant="body2">{t('detail.no_registrations')}</Typography>;
  }
  return (
    <Table size="small" data-testid="catalog-registrations">
      <TableHead>
        <TableRow>
          <TableCell sx={HEAD}>{t('detail.disease')}</TableCell>
          <TableCell sx={HEAD}>{t('detail.registration')}</TableCell>
          <TableCell sx={HEAD}>{t('detail.dose')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {item.doses_per_target.map((dose) => {
          const state = registrationOf(dose);
          return (
            <TableRow
              key={`${dose.crop_id ?? ''}-${dose.target_code}`}
              data-testid="registration-row"
            >
              <TableCell sx={CELL}>
                {t(dose.target_message_key, { ns: 'reference', defaultValue: dose.target_code })}
                {dose.crop_id !== undefined && (
                  <Typography variant="caption" color="text.secondary" component="p">
                    {cropName(t, dose.crop_id)}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={CELL}>
                <Chip
                  size="small"
                  variant="outlined"
                  color={REGISTRATION_COLOUR[state]}
                  label={t(
                    state === 'registered'
                      ? 'detail.registered'
                      : state === 'not_registered'
                        ? 'detail.not_registered'
                        : 'not_informed',
                  )}
                  sx={{ color: 'text.primary' }}
                />
              </TableCell>
              <TableCell sx={CELL} data-testid="registration-dose">
                {doseText(t, language, dose)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** The source id of an assumed efficacy (AGRONOMY.md §4b): a value no source gives. */
const ASSUMPTION_SOURCE = 'assumption';

function Efficacies({ item }: { item: PesticideDetail }) {
  const { t } = useTranslation(['catalog', 'reference']);
  const language = useLanguage();
  if (item.efficacies.length === 0) {
    return <Typography variant="body2">{t('detail.no_efficacy')}</Typography>;
  }
  return (
    <>
      <Table size="small" data-testid="catalog-efficacies">
        <TableHead>
          <TableRow>
            <TableCell sx={HEAD}>{t('detail.disease')}</TableCell>
            <TableCell sx={HEAD} align="right">
              {t('detail.efficacy_value')}
            </TableCell>
            <TableCell sx={HEAD}>{t('detail.tag')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {item.efficacies.map((efficacy) => (
            <TableRow key={efficacy.disease_message_key} data-testid="efficacy-row">
              <TableCell sx={CELL}>
                {t(efficacy.disease_message_key, { ns: 'reference' })}
                {efficacy.note && (
                  <Typography variant="caption" color="text.secondary" component="p">
                    {t('detail.note')}: {t(`detail.efficacy_note.${efficacy.note}`)}
                  </Typography>
                )}
              </TableCell>
              {efficacy.not_counted_reason ? (
                // What the programs use: an efficacy the engine does not count is no percentage.
                <TableCell
                  sx={CELL}
                  align="right"
                  data-testid="efficacy-not-counted"
                  data-reason={efficacy.not_counted_reason}
                >
                  <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {t('detail.not_counted')}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {t(`detail.not_counted_reason.${efficacy.not_counted_reason}`, {
                      value:
                        efficacy.efficacy === null
                          ? t('not_informed')
                          : `${formatNumber(efficacy.efficacy, language, 0)}%`,
                    })}
                  </Typography>
                </TableCell>
              ) : (
                <TableCell sx={{ ...CELL, whiteSpace: 'nowrap' }} align="right">
                  {efficacy.efficacy === null
                    ? t('not_informed')
                    : `${formatNumber(efficacy.efficacy, language, 0)}%`}
                </TableCell>
              )}
              <TableCell sx={CELL}>
                <TagChip tag={efficacy.tag} />
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="p"
                  sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
                  data-testid="efficacy-source"
                >
                  {t('detail.source')}:{' '}
                  {efficacy.source_id === ASSUMPTION_SOURCE
                    ? t('detail.source_assumption')
                    : informed(t, efficacy.source_id)}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box component="ul" sx={{ m: 0, mt: 1.5, pl: 0, listStyle: 'none' }} data-testid="tag-legend">
        {EFFICACY_TAGS.map((tag) => (
          <Typography component="li" variant="caption" color="text.secondary" key={tag}>
            <strong>{tag}</strong> · {t(`detail.tag_label.${tag}`)}: {t(`detail.tag_help.${tag}`)}
          </Typography>
        ))}
      </Box>
    </>
  );
}

const TARGETS_SHOWN = 8;

/** Common names the data set fills with punctuation ("-", ".") say nothing. */
const meaningful = (name: string) => /\p{L}/u.test(name);

function Targets({ item }: { item: PesticideDetail }) {
  const { t } = useTranslation('catalog');
  const [all, setAll] = useState(false);
  if (item.targets.length === 0)
    return <Typography variant="body2">{t('detail.no_targets')}</Typography>;
  const shown = all ? item.targets : item.targets.slice(0, TARGETS_SHOWN);
  return (
    <>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {shown.map((target) => {
          const names = target.common_names.filter(
            (name) => meaningful(name) && name !== target.scientific_name,
          );
          return (
            <Typography
              component="li"
              variant="body2"
              key={target.scientific_name}
              sx={{ mb: 0.5 }}
            >
              <em>{target.scientific_name}</em>
              {names.length > 0 && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  ({names.join(t('list_separator'))})
                </Typography>
              )}
            </Typography>
          );
        })}
      </Box>
      {item.targets.length > TARGETS_SHOWN && (
        <Button size="small" onClick={() => setAll(!all)} sx={{ mt: 0.5 }}>
          {all
            ? t('detail.show_fewer_targets')
            : t('detail.show_all_targets', { count: item.targets.length })}
        </Button>
      )}
    </>
  );
}

function PesticideFacts({ item }: { item: PesticideDetail }) {
  const { t } = useTranslation(['catalog', 'reference']);
  const language = useLanguage();
  const risk = item.risk_of_product;
  const leaflet = item.instructions?.leaflet_link ?? null;
  const pack = item.package;
  const capacity =
    pack?.capacity === null || pack?.capacity === undefined
      ? null
      : `${typeof pack.capacity === 'number' ? formatNumber(pack.capacity, language) : pack.capacity}${pack.unit ? ` ${pack.unit}` : ''}`;
  return (
    <>
      <Section title={t('detail.general')} testId="detail-general">
        <Facts
          items={[
            { label: t('detail.company'), value: informed(t, item.asset_owner) },
            {
              label: t('detail.registration_number'),
              value: informed(t, item.registration_number),
              testId: 'detail-registration-number',
            },
            { label: t('detail.formulation'), value: formulationName(t, item.formulation) },
            { label: t('detail.chemical_group'), value: chemicalGroupName(t, item.chemical_group) },
            { label: t('detail.classes'), value: productClassNames(t, item.classes) },
            { label: t('detail.crops'), value: cropNames(t, item.crops) },
          ]}
        />
      </Section>
      <Divider />
      <Section title={t('detail.active_ingredients')}>
        {item.activeIngredients.length === 0 ? (
          <Typography variant="body2">{t('not_informed')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={HEAD}>{t('detail.active_ingredient')}</TableCell>
                <TableCell sx={HEAD}>{t('detail.concentration')}</TableCell>
                <TableCell sx={HEAD}>{t('detail.mode_of_action')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {item.activeIngredients.map((active) => (
                <TableRow key={active.active_ingredient}>
                  <TableCell sx={CELL}>{active.active_ingredient}</TableCell>
                  <TableCell sx={CELL}>
                    {active.concentration === null
                      ? t('not_informed')
                      : `${formatNumber(active.concentration, language)}${active.unit ? ` ${active.unit}` : ''}`}
                  </TableCell>
                  <TableCell sx={CELL}>{informed(t, active.mode_of_action)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      <Divider />
      <Section title={t('detail.risk')} testId="detail-risk">
        <Facts
          items={[
            {
              label: t('detail.toxicological_class'),
              value: riskClassName(t, 'toxicological_class', risk.toxicological_class),
            },
            {
              label: t('detail.environmental_class'),
              value: riskClassName(t, 'environmental_class', risk.environmental_class),
            },
            {
              label: t('detail.corrosive'),
              value: yesNo(t, risk.is_corrosive),
              testId: 'detail-corrosive',
            },
            { label: t('detail.flammable'), value: yesNo(t, risk.is_flammable) },
          ]}
        />
      </Section>
      <Divider />
      <Section title={t('detail.registrations')}>
        <Registrations item={item} />
      </Section>
      <Divider />
      <Section title={t('detail.efficacy')}>
        <Efficacies item={item} />
      </Section>
      <Divider />
      <Section title={t('detail.targets')}>
        <Targets item={item} />
      </Section>
      <Divider />
      <Section title={t('detail.package')}>
        <Facts
          items={[
            { label: t('detail.package_type'), value: informed(t, pack?.type) },
            { label: t('detail.package_material'), value: informed(t, pack?.material) },
            { label: t('detail.package_capacity'), value: informed(t, capacity) },
          ]}
        />
      </Section>
      <Divider />
      <Section title={t('detail.leaflet')}>
        {leaflet ? (
          <Button
            variant="outlined"
            size="small"
            startIcon={<DownloadOutlinedIcon />}
            href={leaflet}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('detail.leaflet_download')}
          </Button>
        ) : (
          <Typography variant="body2" data-testid="detail-leaflet">
            {t('not_informed')}
          </Typography>
        )}
      </Section>
    </>
  );
}

function VarietyFacts({ item }: { item: VarietyDetail }) {
  const { t } = useTranslation(['catalog', 'reference']);
  const language = useLanguage();
  const cycle = range(t, language, item.min_cycle, item.max_cycle, 0);
  const population = range(t, language, item.min_population, item.max_population, 0);
  const sowing =
    item.start_sowing && item.end_sowing
      ? t('detail.sowing_window', {
          start: dayOfYear(language, item.start_sowing),
          end: dayOfYear(language, item.end_sowing),
        })
      : null;
  const regions = Array.isArray(item.region_states)
    ? joined(t, item.region_states)
    : informed(t, item.region_states);
  return (
    <>
      <VarietyOnFarm item={item} />
      <Section title={t('detail.general')} testId="detail-general">
        <Facts
          items={[
            { label: t('detail.company'), value: informed(t, item.asset_owner) },
            { label: t('detail.crop'), value: cropName(t, item.crop_id) },
            {
              label: t('detail.gmr'),
              value:
                item.relative_maturity === null
                  ? t('not_informed')
                  : formatNumber(item.relative_maturity, language, 1),
              testId: 'detail-gmr',
            },
            {
              label: t('detail.growth_habit'),
              value: item.growth_habit ? t(`growth_habit.${item.growth_habit}`) : t('not_informed'),
            },
            {
              label: t('detail.cycle_class'),
              value: item.cycle_class ? t(`cycle_class.${item.cycle_class}`) : t('not_informed'),
            },
            {
              label: t('detail.cycle'),
              value: cycle === null ? t('not_informed') : t('detail.cycle_days', { value: cycle }),
            },
            { label: t('detail.rust_tolerant'), value: yesNo(t, item.rust_tolerant) },
            { label: t('detail.gmo'), value: yesNo(t, item.genetically_modified_organism) },
            { label: t('detail.population'), value: informed(t, population) },
            { label: t('detail.sowing'), value: informed(t, sowing) },
            { label: t('detail.region_states'), value: regions },
            {
              label: t('detail.registration_number'),
              value: informed(t, item.registration_number),
            },
          ]}
        />
      </Section>
      <Divider />
      <Section title={t('detail.susceptibility')}>
        {item.diseases.length === 0 ? (
          <Typography variant="body2">{t('detail.no_diseases')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={HEAD}>{t('detail.target')}</TableCell>
                <TableCell sx={HEAD}>{t('detail.reaction')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {item.diseases.map((disease) => {
                const reaction = (REACTIONS as readonly string[]).includes(
                  disease.resistance_plant ?? '',
                )
                  ? disease.resistance_plant!
                  : 'SI';
                return (
                  <TableRow key={disease.target}>
                    <TableCell sx={CELL}>{disease.target}</TableCell>
                    <TableCell sx={CELL}>
                      <strong>{reaction}</strong> · {t(`reaction.${reaction}`)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
          {REACTIONS.map((reaction) => `${reaction}: ${t(`reaction.${reaction}`)}`).join(' · ')}
        </Typography>
      </Section>
    </>
  );
}

function DetailBody({ category, id }: { category: CatalogueCategory; id: number }) {
  const { t } = useTranslation(['catalog', 'errors']);
  const detail = useCatalogueItem(category, id);
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.key === ERROR_KEYS.freemiumLimitExceeded) {
      return (
        <InlineMessage
          testId="catalog-freemium-limit"
          icon={<LockOutlinedIcon />}
          tone="secondary"
          title={t('freemium.title')}
          description={t(ERROR_KEYS.freemiumLimitExceeded, { ns: 'errors' })}
          action={
            <Button
              variant="contained"
              component={RouterLink}
              to="/plans"
              data-testid="catalog-plans-link"
            >
              {t('freemium.plans')}
            </Button>
          }
        />
      );
    }
    return (
      <Box sx={{ py: 2 }} data-testid="catalog-detail-error">
        <ApiErrorAlert
          error={detail.error}
          onRetry={() => void detail.refetch()}
          retryLabel={t('retry')}
        />
      </Box>
    );
  }
  if (!detail.data) {
    return (
      <LoadingState label={t('detail.loading')} spacing={1.5} sx={{ py: 2 }}>
        <Skeleton width="50%" height={28} />
        <Skeleton variant="rounded" height={96} />
        <Skeleton width="40%" height={28} />
        <Skeleton variant="rounded" height={160} />
      </LoadingState>
    );
  }
  return detail.data.category === 'variety' ? (
    <VarietyFacts item={detail.data.item} />
  ) : (
    <PesticideFacts item={detail.data.item} />
  );
}

function DetailHeader({
  category,
  id,
  name,
  onClose,
}: {
  category: CatalogueCategory;
  id: number;
  name: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalog');
  const detail = useCatalogueItem(category, id);
  const item = detail.data?.item;
  const title = item ? ('pesticide' in item ? item.pesticide : item.name) : name;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'flex-start',
        px: { xs: 2, sm: 3 },
        py: 2,
        borderBottom: 1,
        borderColor: 'divider',
        position: 'sticky',
        top: 0,
        bgcolor: 'background.paper',
        zIndex: 1,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="overline"
          color="text.secondary"
          component="p"
          sx={{ lineHeight: 1.6 }}
        >
          {t(`category.${category}`)}
        </Typography>
        <Typography
          id={TITLE_ID}
          variant="h5"
          component="h2"
          sx={{ fontSize: { xs: 20, sm: 24 }, overflowWrap: 'anywhere' }}
        >
          {title ?? t('detail.title')}
        </Typography>
        {item && 'pesticide' in item && item.white_mold && (
          <Chip size="small" variant="outlined" label={t('white_mold')} sx={{ mt: 1 }} />
        )}
        {item?.informado_por && (
          <Box sx={{ mt: 1 }}>
            <InformedChip informed={item.informado_por} />
            <DeleteOwnEntry category={category} id={id} onDeleted={onClose} />
          </Box>
        )}
      </Box>
      <IconButton
        onClick={onClose}
        aria-label={t('detail.close')}
        edge="end"
        data-testid="catalog-detail-close"
      >
        <CloseIcon />
      </IconButton>
    </Stack>
  );
}

/**
 * One item's facts (spec 3 §2: general information, product risk, doses by target, packaging,
 * leaflet, and for varieties disease susceptibility): a side panel on wide screens, a full-screen
 * modal on a phone.
 */
export function CatalogDetail({
  category,
  id,
  name,
  wide,
  onClose,
}: {
  category: CatalogueCategory;
  id: number;
  name: string | null;
  wide: boolean;
  onClose: () => void;
}) {
  const content = (
    <Box
      data-testid="catalog-detail"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <DetailHeader category={category} id={id} name={name} onClose={onClose} />
      <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
        <DetailBody category={category} id={id} />
      </Box>
    </Box>
  );
  if (wide) {
    return (
      <Drawer
        anchor="right"
        open
        onClose={onClose}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': TITLE_ID,
            sx: { width: 640, maxWidth: '100vw' },
          } as object,
        }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby={TITLE_ID}>
      {content}
    </Dialog>
  );
}
