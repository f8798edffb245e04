import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { Farm } from '../../api/farms';
import { programQuery } from '../../api/programs';
import { useSeasonCrops } from '../../api/reference';
import { CurrentFarmGate } from '../../app/farm/current-farm-gate';
import { useCurrentFarm } from '../../app/farm/current-farm-context';
import { InlineMessage } from '../../shell/inline-message';
import { useProgramFormat } from '../shared/programs/program-format';
import { ComparisonChart } from './comparison-chart';
import { COLUMN_SECTIONS, ComparisonColumn, type ColumnRows } from './comparison-column';
import { ComparisonPicker, useSeasonLabel } from './comparison-picker';
import { MAX_COMPARED } from './program-style';
import { LoadingState } from '../../shell/loading-state';

/** ?programas=12,15: the programs compared, in order (a link to it reopens the comparison). */
const PROGRAMS_PARAM = 'programas';

/** The well-formed, distinct program ids of the query, at most MAX_COMPARED. */
function comparedIds(value: string | null): number[] {
  const ids: number[] = [];
  for (const part of (value ?? '').split(',')) {
    const id = part.trim();
    if (/^[1-9]\d{0,9}$/.test(id) && !ids.includes(Number(id))) ids.push(Number(id));
  }
  return ids.slice(0, MAX_COMPARED);
}

function Loading() {
  const { t } = useTranslation('comparison');
  return <LoadingState label={t('loading')} testId="comparison-loading" rows={3} />;
}

function Comparison({ farm }: { farm: Farm }) {
  const { t } = useTranslation('comparison');
  const [params, setParams] = useSearchParams();
  const { farms } = useCurrentFarm();
  const seasonCrops = useSeasonCrops();
  const seasonLabel = useSeasonLabel();
  const format = useProgramFormat(farm);
  const ids = comparedIds(params.get(PROGRAMS_PARAM));
  // Each program as the editor reads it (useProgram's query: with the chart's curves).
  const queries = useQueries({ queries: ids.map((id) => programQuery(farm.id, id)) });

  const setIds = (next: readonly number[]) =>
    setParams((old) => {
      const query = new URLSearchParams(old);
      if (next.length === 0) query.delete(PROGRAMS_PARAM);
      else query.set(PROGRAMS_PARAM, next.join(','));
      return query;
    });

  const farmList = farms.data ?? [farm];
  const farmOf = (farmId: number | undefined) => farmList.find((row) => row.id === farmId) ?? farm;
  const loaded = queries.flatMap((query) => (query.data ? [query.data] : []));
  const rows: ColumnRows = { diseases: [], whiteMold: false };
  const diseases: number[] = [];
  for (const program of loaded) {
    for (const disease of program.avaliacao?.doencas ?? [])
      if (disease.papel !== 'white_mold' && !diseases.includes(disease.doenca_id))
        diseases.push(disease.doenca_id);
    if (program.avaliacao?.white_mold_program_score != null) rows.whiteMold = true;
  }
  rows.diseases = diseases;
  const columns = ids.length;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1280, mx: 'auto' }} data-testid="comparison-page">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('subtitle')}</Typography>
        </Box>
        <Button
          component={RouterLink}
          to="/programas"
          variant="outlined"
          startIcon={<ArrowBackIcon />}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          data-testid="comparison-back"
        >
          {t('back')}
        </Button>
      </Stack>
      <ComparisonPicker
        currentFarm={farm}
        farms={farmList}
        added={ids}
        onAdd={(id) => setIds([...ids, id])}
      />
      {columns === 0 ? (
        <Paper variant="outlined">
          <InlineMessage
            testId="comparison-empty"
            icon={<CompareArrowsIcon />}
            title={t('empty.title')}
            description={t('empty.description')}
            headingLevel="h2"
          />
        </Paper>
      ) : (
        <>
          {/* Wider than the page (many programs): the columns scroll, not the page. */}
          <Box
            component="section"
            aria-label={t('list')}
            tabIndex={0}
            sx={{ overflowX: 'auto', pb: 0.5, mx: -0.5, px: 0.5 }}
          >
            <Box
              component="ul"
              data-testid="comparison-columns"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr)',
                  md: `repeat(${columns}, minmax(250px, 1fr))`,
                },
                gridAutoRows: 'auto',
                // One program alone keeps a column's width; more share the page.
                maxWidth: { md: columns === 1 ? 480 : 'none' },
                columnGap: 2,
                rowGap: { xs: 2, md: 0 },
                // The rows the columns share (their subgrid), each as tall as its tallest.
                gridTemplateRows: { md: `repeat(${COLUMN_SECTIONS}, auto)` },
              }}
            >
              {ids.map((id, index) => {
                const query = queries[index]!;
                const program = query.data;
                return (
                  <ComparisonColumn
                    key={id}
                    index={index}
                    programId={id}
                    query={query}
                    farm={farmOf(program?.fazenda_id)}
                    rows={rows}
                    season={
                      seasonCrops.data?.find((row) => row.id === program?.season_crop_id) ?? null
                    }
                    seasonLabel={seasonLabel}
                    onRemove={() => setIds(ids.filter((other) => other !== id))}
                  />
                );
              })}
            </Box>
          </Box>
          {loaded.length > 0 && (
            <ComparisonChart
              programs={ids.flatMap((id, index) => {
                const program = queries[index]!.data;
                return program
                  ? [
                      {
                        index,
                        name: program.nome || t('programs:list.unnamed'),
                        evaluation: program.avaliacao,
                      },
                    ]
                  : [];
              })}
              language={format.language}
              diseaseName={format.disease}
            />
          )}
        </>
      )}
    </Stack>
  );
}

/** /comparacao: programs side by side (spec 2 §2; issue 13 item 12). */
export function ComparisonPage() {
  return (
    <CurrentFarmGate namespace="comparison" testId="comparison-no-farm" loading={<Loading />}>
      {(farm) => <Comparison key={farm.id} farm={farm} />}
    </CurrentFarmGate>
  );
}
