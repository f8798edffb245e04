import { useEffect, useState } from 'react';
import {
  Autocomplete,
  Box,
  IconButton,
  InputAdornment,
  MenuItem,
  Slider,
  TextField,
  Typography,
} from '@mui/material';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { CROPS, GMR_RANGE, sortsOf, type CatalogueCategory, type GmrRange } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import type { CatalogueFilters, CatalogueListQuery } from '../../api/catalogue';
import { useLanguage } from '../../lib/i18n';
import { formatNumber } from './catalog-format';
import { PESTICIDE_FILTERS, type TextFilter } from './catalog-params';

/** How long typing pauses before the search is sent. */
const SEARCH_DEBOUNCE_MS = 400;

type Change = Record<string, string | number | undefined>;

/** The search box: typed freely, sent once typing pauses. */
export function CatalogSearch({
  category,
  value,
  onSearch,
}: {
  category: CatalogueCategory;
  value: string;
  onSearch: (value: string) => void;
}) {
  const { t } = useTranslation('catalog');
  const [text, setText] = useState(value);
  // The address changed by itself (filters cleared, back button): the box follows it.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <TextField
      size="small"
      fullWidth
      label={t('search.label')}
      placeholder={t(category === 'variety' ? 'search.variety_placeholder' : 'search.placeholder')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text.trim());
      }}
      slotProps={{
        htmlInput: {
          'data-testid': 'catalog-search',
          maxLength: 120,
          inputMode: 'search',
          enterKeyHint: 'search',
        },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={t('search.clear')}
                onClick={() => {
                  setText('');
                  onSearch('');
                }}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

function ChoiceFilter({
  name,
  label,
  options,
  value,
  loading,
  onChange,
}: {
  name: TextFilter;
  label: string;
  options: readonly string[];
  value: string | undefined;
  loading: boolean;
  onChange: (change: Change) => void;
}) {
  const { t } = useTranslation('catalog');
  return (
    <Autocomplete
      size="small"
      options={options}
      value={value ?? null}
      loading={loading}
      noOptionsText={t('filter.no_options')}
      onChange={(_event, next) => onChange({ [name]: next ?? undefined })}
      renderInput={(params) => <TextField {...params} label={label} />}
      data-testid={`catalog-filter-${name}-field`}
      sx={{ minWidth: 0 }}
    />
  );
}

function GmrFilter({
  min,
  max,
  range,
  onChange,
}: {
  min: number | undefined;
  max: number | undefined;
  /** The account's country's slider (a US account's runs 0 to 10), from the filters answer. */
  range: GmrRange;
  onChange: (change: Change) => void;
}) {
  const { t } = useTranslation('catalog');
  const language = useLanguage();
  const committed: [number, number] = [min ?? range.min, max ?? range.max];
  const [shown, setShown] = useState<[number, number]>(committed);
  const key = committed.join(':');
  const [seen, setSeen] = useState(key);
  if (seen !== key) {
    setSeen(key);
    setShown(committed);
  }
  const format = (value: number) => formatNumber(value, language, 1);
  return (
    <Box sx={{ px: 1, minWidth: 0 }} data-testid="catalog-filter-gmr">
      <Typography variant="caption" color="text.secondary" component="p" id="catalog-gmr-label">
        {t('filter.gmr_range', { min: format(shown[0]), max: format(shown[1]) })}
      </Typography>
      <Slider
        size="small"
        value={shown}
        min={range.min}
        max={range.max}
        step={range.step}
        valueLabelDisplay="auto"
        valueLabelFormat={format}
        getAriaLabel={(index) => t(index === 0 ? 'filter.gmr_min' : 'filter.gmr_max')}
        getAriaValueText={format}
        onChange={(_event, value) => setShown(value as [number, number])}
        onChangeCommitted={(_event, value) => {
          const [low, high] = value as [number, number];
          const round = (number: number) => Math.round(number * 10) / 10;
          onChange({
            gmr_min: round(low) > range.min ? round(low) : undefined,
            gmr_max: round(high) < range.max ? round(high) : undefined,
          });
        }}
      />
    </Box>
  );
}

/** The filter controls of a category, fed by GET /api/catalogs/{category}/filters. */
export function CatalogFilterFields({
  query,
  filters,
  loading,
  onChange,
}: {
  query: CatalogueListQuery;
  filters: CatalogueFilters | undefined;
  loading: boolean;
  onChange: (change: Change) => void;
}) {
  const { t } = useTranslation(['catalog', 'reference']);
  const extra = filters?.extra_filter;
  const options = (name: TextFilter) => extra?.[name] ?? [];
  const sortField = (
    <TextField
      select
      size="small"
      label={t('filter.sort')}
      value={query.sort ?? 'name_asc'}
      onChange={(event) =>
        onChange({ sort: event.target.value === 'name_asc' ? undefined : event.target.value })
      }
      slotProps={{ htmlInput: { 'data-testid': 'catalog-sort' } }}
    >
      {sortsOf(query.category).map((sort) => (
        <MenuItem key={sort} value={sort}>
          {t(`sort.${sort}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  if (query.category === 'variety') {
    const crops = extra?.crop ?? CROPS.map((crop) => crop.id);
    return (
      <>
        <TextField
          select
          size="small"
          label={t('filter.crop')}
          value={query.crop ?? ''}
          onChange={(event) => onChange({ crop: event.target.value || undefined })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="catalog-filter-crop"
        >
          <MenuItem value="">{t('filter.all_crops')}</MenuItem>
          {CROPS.filter((crop) => crops.includes(crop.id)).map((crop) => (
            <MenuItem key={crop.id} value={crop.id}>
              {t(crop.message_key, { ns: 'reference' })}
            </MenuItem>
          ))}
        </TextField>
        <ChoiceFilter
          name="company"
          label={t('filter.company')}
          options={options('company')}
          value={query.company}
          loading={loading}
          onChange={onChange}
        />
        {(options('resistant_to').length > 0 || query.resistant_to) && (
          <ChoiceFilter
            name="resistant_to"
            label={t('filter.resistant_to')}
            options={options('resistant_to')}
            value={query.resistant_to}
            loading={loading}
            onChange={onChange}
          />
        )}
        <GmrFilter
          min={query.gmr_min}
          max={query.gmr_max}
          range={extra?.gmr ?? GMR_RANGE}
          onChange={onChange}
        />
        {sortField}
      </>
    );
  }
  return (
    <>
      {PESTICIDE_FILTERS.map((name) => (
        <ChoiceFilter
          key={name}
          name={name}
          label={t(`filter.${name}`)}
          options={options(name)}
          value={query[name]}
          loading={loading}
          onChange={onChange}
        />
      ))}
      {sortField}
    </>
  );
}
