import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import GrassIcon from '@mui/icons-material/Grass';
import { cropsOfCountry, resolveCrop, resolveSeason, seasonsOf } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { Farm } from '../../api/farms';
import { useCrops, useSeasonCrops } from '../../api/reference';
import { useFarmVarieties } from '../../api/varieties';
import { CurrentFarmGate } from '../../app/farm/current-farm-gate';
import { useSignedIn } from '../../app/session/signed-in';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { InlineMessage } from '../../shell/inline-message';
import { ProgramEditor } from './program-editor';
import { CropSeasonFilter } from '../shared/crop-season-filter';
import { VarietyPrograms } from './program-variety-programs';
import { useCropSeasonChoice } from '../shared/varieties/variety-season';
import { LoadingState } from '../../shell/loading-state';

/** ?programa={id} opens a program's editor over the list (a link to it can be shared). */
const PROGRAM_PARAM = 'programa';

function Loading() {
  const { t } = useTranslation('programs');
  return <LoadingState label={t('loading')} testId="programs-loading" rows={3} />;
}

/** The programs of one farm: remounted for each farm, so no dialog outlives its farm. */
function FarmPrograms({
  farm,
  chosenCrop,
  chosenSeason,
  onCrop,
  onSeason,
}: {
  farm: Farm;
  chosenCrop: number | null;
  chosenSeason: string | null;
  onCrop: (cropId: number) => void;
  onSeason: (seasonName: string) => void;
}) {
  const { t } = useTranslation(['programs', 'reference']);
  const { can } = useSignedIn();
  const [params, setParams] = useSearchParams();
  const crops = useCrops();
  const seasonCrops = useSeasonCrops();
  const countryId = farm.pais.id;
  const offered = cropsOfCountry(crops.data ?? [], seasonCrops.data ?? [], countryId);
  const crop = resolveCrop(offered, seasonCrops.data ?? [], countryId, chosenCrop);
  const seasons = crop ? seasonsOf(seasonCrops.data ?? [], crop.id, countryId) : [];
  const season = resolveSeason(seasons, chosenSeason);
  const varieties = useFarmVarieties(farm.id, season?.id ?? null);

  const openedParam = params.get(PROGRAM_PARAM);
  const opened = openedParam && /^[1-9]\d{0,9}$/.test(openedParam) ? Number(openedParam) : null;
  const open = (programId: number | null) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (programId === null) next.delete(PROGRAM_PARAM);
        else next.set(PROGRAM_PARAM, String(programId));
        return next;
      },
      { replace: programId === null },
    );

  const referenceError = crops.error ?? seasonCrops.error;
  let content;
  if (referenceError && (!crops.data || !seasonCrops.data)) {
    content = (
      <ApiErrorAlert
        error={referenceError}
        retryLabel={t('retry')}
        onRetry={() => {
          if (crops.isError) void crops.refetch();
          if (seasonCrops.isError) void seasonCrops.refetch();
        }}
      />
    );
  } else if (!crops.data || !seasonCrops.data) {
    content = <Loading />;
  } else if (!crop || !season) {
    content = (
      <Paper variant="outlined">
        <InlineMessage
          testId="programs-no-season"
          icon={<EventBusyOutlinedIcon />}
          title={t('no_season.title')}
          description={t('no_season.description')}
          headingLevel="h2"
        />
      </Paper>
    );
  } else if (varieties.isError && !varieties.data) {
    content = (
      <ApiErrorAlert
        error={varieties.error}
        onRetry={() => void varieties.refetch()}
        retryLabel={t('retry')}
      />
    );
  } else if (!varieties.data) {
    content = <Loading />;
  } else if (varieties.data.length === 0) {
    content = (
      <Paper variant="outlined">
        <InlineMessage
          testId="programs-no-varieties"
          icon={<GrassIcon />}
          title={t('no_varieties.title', { season: season.season_name })}
          description={t('no_varieties.description')}
          action={
            can('CULTIVAR_LISTAR') ? (
              <Button
                component={RouterLink}
                to="/cultivares"
                variant="contained"
                data-testid="programs-to-varieties"
              >
                {t('no_varieties.action')}
              </Button>
            ) : undefined
          }
          headingLevel="h2"
        />
      </Paper>
    );
  } else {
    content = (
      <Stack spacing={4}>
        {varieties.data.map((variety) => (
          <VarietyPrograms key={variety.id} farm={farm} variety={variety} onOpen={open} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 1120, mx: 'auto' }} data-testid="programs-page">
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('subtitle', { farm: farm.nome })}</Typography>
      </Box>
      {crop && (
        <CropSeasonFilter
          namespace="programs"
          crops={offered}
          crop={crop}
          seasons={seasons}
          season={season}
          onCrop={onCrop}
          onSeason={onSeason}
        />
      )}
      {content}
      {opened !== null && (
        <ProgramEditor key={opened} farm={farm} programId={opened} onClose={() => open(null)} />
      )}
    </Stack>
  );
}

/** /programas: the current farm's spray programs, by variety of the chosen crop and season. */
export function ProgramsPage() {
  // Above the farm: a farm switch keeps the crop and season chosen.
  const choice = useCropSeasonChoice();
  return (
    <CurrentFarmGate namespace="programs" testId="programs-no-farm" loading={<Loading />}>
      {(farm) => <FarmPrograms key={farm.id} farm={farm} {...choice} />}
    </CurrentFarmGate>
  );
}
