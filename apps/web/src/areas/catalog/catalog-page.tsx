import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Collapse,
  LinearProgress,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import FilterListOffIcon from '@mui/icons-material/FilterListOff';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { CATALOGUE_CATEGORIES, CATALOGUE_PAGE_SIZE, type CatalogueCategory } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCatalogueFilters, useCatalogueList } from '../../api/catalogue';
import { useCurrentFarm } from '../../app/farm/current-farm-context';
import { useLanguage } from '../../lib/i18n';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { InlineMessage } from '../../shell/inline-message';
import { AccountEntryActions } from './account-entry';
import { CatalogDetail } from './catalog-detail';
import { CatalogFilterFields, CatalogSearch } from './catalog-filters';
import { formatNumber } from './catalog-format';
import { CatalogList } from './catalog-list';
import {
  activeFilterCount,
  isNarrowed,
  itemOf,
  listQueryOf,
  withChanges,
  withoutFilters,
} from './catalog-params';

const FILTER_GRID = {
  display: 'grid',
  gap: 2,
  alignItems: 'center',
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
  },
} as const;

/** Five filters of a pesticide in one row; a variety's four get the room of five. */
const filterGrid = (category: CatalogueCategory) => ({
  ...FILTER_GRID,
  gridTemplateColumns: {
    ...FILTER_GRID.gridTemplateColumns,
    lg: `repeat(${category === 'variety' ? 4 : 5}, minmax(0, 1fr))`,
  },
});

/** /catalog: fungicides, herbicides, nematicides and varieties, searched, filtered and paged. */
export function CatalogPage() {
  const { t } = useTranslation(['catalog', 'errors']);
  const language = useLanguage();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [params, setParams] = useSearchParams();
  const query = listQueryOf(params);
  const { category } = query;
  const openItem = itemOf(params);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const pageTop = useRef<HTMLDivElement>(null);

  const list = useCatalogueList(query);
  // The maturity slider follows the farm being worked on (an Iowa farm's, the US groups).
  const { farm } = useCurrentFarm();
  const filters = useCatalogueFilters(category, farm?.pais.id);

  const change = useCallback(
    (changes: Record<string, string | number | undefined | null>) =>
      setParams((current) => withChanges(current, changes)),
    [setParams],
  );
  const clearFilters = useCallback(
    () => setParams((current) => withoutFilters(current)),
    [setParams],
  );
  const search = useCallback((value: string) => change({ search: value }), [change]);

  const selectCategory = (next: CatalogueCategory) =>
    setParams((current) => {
      const cleared = withoutFilters(current);
      cleared.set('category', next);
      return cleared;
    });

  // A page past the end (the list shrank): the last page instead.
  const answer = list.data && list.data.category === category ? list.data : undefined;
  const total = answer?.page.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  useEffect(() => {
    if (answer && !list.isPlaceholderData && query.page > pages) change({ page: pages });
  }, [answer, list.isPlaceholderData, query.page, pages, change]);

  const filterCount = activeFilterCount(query);
  const narrowed = isNarrowed(query);
  const clearButton = (
    <Button
      startIcon={<FilterListOffIcon />}
      onClick={clearFilters}
      data-testid="catalog-clear-filters"
    >
      {t('filter.clear')}
    </Button>
  );

  let content;
  if (list.isError && !list.isFetching) {
    content = (
      <Stack spacing={1.5} data-testid="catalog-error">
        <ApiErrorAlert
          error={list.error}
          onRetry={() => void list.refetch()}
          retryLabel={t('retry')}
        />
        {narrowed && <Box>{clearButton}</Box>}
      </Stack>
    );
  } else if (!answer) {
    content = (
      <Stack spacing={1.5} data-testid="catalog-loading" role="status" aria-label={t('loading')}>
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} variant="rounded" height={wide ? 44 : 112} />
        ))}
      </Stack>
    );
  } else if (answer.page.list.length === 0) {
    content = (
      <Paper variant="outlined">
        <InlineMessage
          testId="catalog-empty"
          icon={<SearchOffIcon />}
          headingLevel="h2"
          title={t('empty.title')}
          description={t('empty.description')}
          action={
            narrowed ? (
              <Button variant="contained" onClick={clearFilters} data-testid="catalog-empty-clear">
                {t('empty.clear')}
              </Button>
            ) : undefined
          }
        />
      </Paper>
    );
  } else {
    content = (
      <Box data-testid="catalog-list" aria-busy={list.isFetching}>
        <CatalogList answer={answer} wide={wide} onOpen={(id) => change({ item: id })} />
      </Box>
    );
  }

  const first = (query.page - 1) * CATALOGUE_PAGE_SIZE + 1;
  const last = Math.min(total, query.page * CATALOGUE_PAGE_SIZE);
  const openName =
    openItem === null || !answer
      ? null
      : answer.category === 'variety'
        ? (answer.page.list.find((item) => item.id === openItem)?.name ?? null)
        : (answer.page.list.find((item) => item.id === openItem)?.pesticide ?? null);

  return (
    <Stack
      spacing={2.5}
      sx={{ maxWidth: 1200, mx: 'auto', minWidth: 0 }}
      data-testid="catalog-page"
    >
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
          {t('title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('subtitle')}
        </Typography>
      </Box>

      <Tabs
        value={category}
        onChange={(_event, next: CatalogueCategory) => selectCategory(next)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('categories_label')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {CATALOGUE_CATEGORIES.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`category.${value}`)}
            data-testid={`catalog-tab-${value}`}
          />
        ))}
      </Tabs>

      <AccountEntryActions category={category} />

      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('filter.toggle')}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <CatalogSearch category={category} value={query.search ?? ''} onSearch={search} />
          </Box>
          {!wide && (
            <Button
              variant={filtersOpen ? 'contained' : 'outlined'}
              onClick={() => setFiltersOpen(!filtersOpen)}
              aria-expanded={filtersOpen}
              aria-controls="catalog-filter-fields"
              startIcon={
                <Badge color="primary" variant="dot" invisible={filterCount === 0}>
                  <FilterListIcon />
                </Badge>
              }
              sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
              data-testid="catalog-filters-toggle"
            >
              {filterCount > 0
                ? t('filter.toggle_count', { count: filterCount })
                : t('filter.toggle')}
            </Button>
          )}
        </Stack>
        <Collapse in={wide || filtersOpen} id="catalog-filter-fields">
          <Box sx={{ ...filterGrid(category), mt: 2 }}>
            <CatalogFilterFields
              query={query}
              filters={filters.data}
              loading={filters.isPending}
              onChange={change}
            />
          </Box>
          {narrowed && <Box sx={{ mt: 1.5 }}>{clearButton}</Box>}
        </Collapse>
      </Paper>

      <Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0, sm: 2 }}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'baseline' }, mb: 1 }}
        >
          <Typography
            variant="subtitle1"
            component="p"
            sx={{ fontWeight: 600 }}
            data-testid="catalog-total"
          >
            {answer
              ? t(category === 'variety' ? 'variety_results' : 'results', {
                  count: total,
                  formattedCount: formatNumber(total, language),
                })
              : '\u00a0'}
          </Typography>
          {answer && total > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="catalog-range">
              {t('range', {
                from: formatNumber(first, language),
                to: formatNumber(last, language),
                total: formatNumber(total, language),
              })}
            </Typography>
          )}
        </Stack>
        <Box sx={{ height: 4, mb: 1 }}>
          {list.isFetching && answer && <LinearProgress aria-label={t('updating')} />}
        </Box>
        {content}
      </Box>

      {answer && pages > 1 && (
        <Stack sx={{ alignItems: 'center' }}>
          <Pagination
            page={Math.min(query.page, pages)}
            count={pages}
            onChange={(_event, page) => {
              change({ page: page === 1 ? undefined : page });
              // Back to the top of the list (jsdom has no scrolling: optional).
              pageTop.current?.scrollIntoView?.({ block: 'start' });
            }}
            siblingCount={wide ? 1 : 0}
            size={wide ? 'medium' : 'small'}
            color="primary"
            aria-label={t('pagination')}
            data-testid="catalog-pagination"
          />
        </Stack>
      )}

      {openItem !== null && (
        <CatalogDetail
          key={`${category}-${openItem}`}
          category={category}
          id={openItem}
          name={openName}
          wide={wide}
          onClose={() => change({ item: undefined })}
        />
      )}
    </Stack>
  );
}
