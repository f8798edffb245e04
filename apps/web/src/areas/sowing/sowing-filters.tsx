import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Chip,
  Collapse,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import FilterListIcon from '@mui/icons-material/FilterList';
import FilterListOffIcon from '@mui/icons-material/FilterListOff';
import { SOWING_STATUSES, type SowingStatus } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import type { Sowing } from '../../api/sowings';

/** The filters of /sowings, each a search param of the URL (a link keeps them). */
export const SELECT_FILTERS = ['season', 'crop', 'plot', 'variety'] as const;
export type SelectFilter = (typeof SELECT_FILTERS)[number];
const FILTER_PARAMS = [...SELECT_FILTERS, 'status'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

export interface FilterOption {
  value: string;
  label: string;
}

/** What a sowing is filtered by, as the values of the URL's params. */
export interface SowingFacets {
  season: string | null;
  crop: string;
  plot: string;
  variety: string | null;
}

export type SowingFilterValues = Partial<Record<FilterParam, string>>;

/**
 * The filters the URL asks for, keeping only values some sowing has (an old link to a deleted
 * plot filters nothing rather than everything).
 */
export function filtersOf(
  params: URLSearchParams,
  options: Record<SelectFilter, readonly FilterOption[]>,
): SowingFilterValues {
  const filters: SowingFilterValues = {};
  for (const name of SELECT_FILTERS) {
    const value = params.get(name);
    if (value !== null && options[name].some((option) => option.value === value))
      filters[name] = value;
  }
  const status = params.get('status');
  if (status !== null && (SOWING_STATUSES as readonly string[]).includes(status))
    filters.status = status;
  return filters;
}

/** Whether a sowing passes the filters, leaving out `except` (the status chips count without it). */
export function passes(
  sowing: Sowing,
  facets: SowingFacets,
  filters: SowingFilterValues,
  except?: FilterParam,
): boolean {
  return FILTER_PARAMS.every((name) => {
    const wanted = filters[name];
    if (name === except || wanted === undefined) return true;
    return (name === 'status' ? sowing.status : facets[name]) === wanted;
  });
}

/** The filters' search params with one changed ('' clears it). */
export function withFilter(params: URLSearchParams, name: FilterParam, value: string) {
  const next = new URLSearchParams(params);
  if (value === '') next.delete(name);
  else next.set(name, value);
  return next;
}

export function withoutFilters(params: URLSearchParams) {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  return next;
}

/**
 * Season, crop, plot and variety selects and the status chips with their counts. On a phone the
 * selects fold behind a "Filters" button; the chips stay and wrap.
 */
export function SowingFilters({
  options,
  filters,
  statusCounts,
  total,
  onChange,
  onClear,
}: {
  options: Record<SelectFilter, readonly FilterOption[]>;
  filters: SowingFilterValues;
  /** Sowings of each status under the other filters. */
  statusCounts: Record<SowingStatus, number>;
  /** Sowings under the other filters, any status. */
  total: number;
  onChange: (name: FilterParam, value: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('sowings');
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const selected = SELECT_FILTERS.filter((name) => filters[name] !== undefined).length;
  const [open, setOpen] = useState(false);
  const anyFilter = selected > 0 || filters.status !== undefined;

  const selects = (
    <Stack
      direction="row"
      useFlexGap
      spacing={1.5}
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      data-testid="sowing-filter-selects"
    >
      {SELECT_FILTERS.map((name) => (
        <TextField
          key={name}
          select
          size="small"
          label={t(`filters.${name}`)}
          value={filters[name] ?? ''}
          onChange={(event) => onChange(name, event.target.value)}
          sx={{ flex: { xs: '1 1 100%', sm: '1 1 170px' }, maxWidth: { sm: 260 } }}
          data-testid={`sowing-filter-${name}`}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t(`filters.all_${name}`)}</MenuItem>
          {options[name].map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      ))}
      {anyFilter && (
        <Button
          startIcon={<FilterListOffIcon />}
          onClick={onClear}
          data-testid="sowing-filters-clear"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Stack>
  );

  const chip = (status: SowingStatus | null, count: number) => {
    const active = (filters.status ?? null) === status;
    return (
      <Chip
        key={status ?? 'all'}
        label={`${status ? t(`status.${status}`) : t('filters.all')} · ${count}`}
        color={active ? 'primary' : 'default'}
        variant={active ? 'filled' : 'outlined'}
        onClick={() => onChange('status', status ?? '')}
        aria-pressed={active}
        data-testid={`sowing-status-filter-${status ?? 'all'}`}
      />
    );
  };

  return (
    <Stack spacing={1.5} component="section" aria-label={t('filters.label')}>
      {narrow ? (
        <Box>
          <Button
            variant="outlined"
            startIcon={
              <Badge badgeContent={selected} color="primary">
                <FilterListIcon />
              </Badge>
            }
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            data-testid="sowing-filters-toggle"
          >
            {t('filters.label')}
          </Button>
          <Collapse in={open} unmountOnExit>
            <Box sx={{ pt: 2 }}>{selects}</Box>
          </Collapse>
        </Box>
      ) : (
        selects
      )}
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ flexWrap: 'wrap' }}
        role="group"
        aria-label={t('filters.status')}
      >
        {chip(null, total)}
        {SOWING_STATUSES.filter(
          (status) => statusCounts[status] > 0 || filters.status === status,
        ).map((status) => chip(status, statusCounts[status]))}
      </Stack>
    </Stack>
  );
}
