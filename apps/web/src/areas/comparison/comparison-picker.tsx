import { useState } from 'react';
import {
  Box,
  Button,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { Farm } from '../../api/farms';
import { useFarmPrograms, type Program } from '../../api/programs';
import { useCrops, useSeasonCrops, type SeasonCrop } from '../../api/reference';
import { useFarmVarieties } from '../../api/varieties';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { readStoredCrop } from '../shared/varieties/variety-season';
import { MAX_COMPARED } from './program-style';

const FIELD = { flex: { xs: '1 1 100%', sm: '1 1 180px' }, minWidth: 0 };
/** The season's label is the longest ("Soja 2026/2027 (atual)"). */
const SEASON_FIELD = { ...FIELD, flex: { xs: '1 1 100%', sm: '1 1 230px' } };

/** "Soja 2025/2026 (atual)": a season-crop as the picker and the columns name it. */
export function useSeasonLabel() {
  const { t } = useTranslation(['comparison', 'reference']);
  const crops = useCrops();
  return (season: SeasonCrop) => {
    const crop = crops.data?.find((row) => row.id === season.crop_id);
    const name = crop
      ? t('comparison:picker.season_option', {
          crop: t(crop.message_key, { ns: 'reference' }),
          season: season.season_name,
        })
      : season.season_name;
    return season.status === 'current' ? t('comparison:picker.current', { name }) : name;
  };
}

/**
 * The picker row of /comparacao (spec 2 §2: choose farm, variety, program, then Add): any farm the
 * session sees, a season-crop and a variety where that farm has programs, and one of the variety's
 * plans or executions (GET /api/programas?fazenda_id=&basic_list=1).
 */
export function ComparisonPicker({
  currentFarm,
  farms,
  added,
  onAdd,
}: {
  currentFarm: Farm;
  /** Every farm the session sees. */
  farms: readonly Farm[];
  /** The programs in the comparison. */
  added: readonly number[];
  onAdd: (programId: number) => void;
}) {
  const { t } = useTranslation(['comparison', 'programs']);
  const seasonLabel = useSeasonLabel();
  const [farmId, setFarmId] = useState(currentFarm.id);
  const [seasonId, setSeasonId] = useState<number | null>(null);
  const [varietyId, setVarietyId] = useState<number | null>(null);
  const [programId, setProgramId] = useState<number | null>(null);

  const farmOptions = farms.some((row) => row.id === currentFarm.id)
    ? farms
    : [currentFarm, ...farms];
  const farm = farmOptions.find((row) => row.id === farmId) ?? currentFarm;
  const programs = useFarmPrograms(farm.id);
  const seasonCrops = useSeasonCrops();

  // The season-crops the farm has programs in, newest first; the stored crop's current one first.
  const seasonIds = new Set((programs.data ?? []).map((program) => program.season_crop_id));
  const seasons = (seasonCrops.data ?? [])
    .filter((row) => seasonIds.has(row.id))
    .sort((a, b) => b.start_period.localeCompare(a.start_period) || a.crop_id - b.crop_id);
  const storedCrop = readStoredCrop();
  const season =
    seasons.find((row) => row.id === seasonId) ??
    seasons.find((row) => row.crop_id === storedCrop && row.status === 'current') ??
    seasons.find((row) => row.status === 'current') ??
    seasons[0] ??
    null;

  const varieties = useFarmVarieties(farm.id, season?.id ?? null);
  const seasonPrograms = (programs.data ?? []).filter(
    (program) => program.season_crop_id === season?.id,
  );
  const varietyOptions = (varieties.data ?? []).filter((variety) =>
    seasonPrograms.some((program) => program.cultivar_id === variety.id),
  );
  const variety = varietyOptions.find((row) => row.id === varietyId) ?? varietyOptions[0] ?? null;
  // Plans first, then the variety's sowings' programs, each newest first (the API's order).
  const programOptions = seasonPrograms
    .filter((program) => program.cultivar_id === variety?.id)
    .sort((a, b) => Number(a.semeadura_id !== null) - Number(b.semeadura_id !== null));
  const isAdded = (id: number) => added.includes(id);
  // An execution says so, a program already in the comparison too.
  const optionLabel = (option: Program) => {
    const name = option.nome || t('programs:list.unnamed');
    const labelled = option.semeadura_id !== null ? t('picker.execution', { name }) : name;
    return isAdded(option.id) ? t('picker.added', { name: labelled }) : labelled;
  };
  const program =
    programOptions.find((row) => row.id === programId && !isAdded(row.id)) ??
    programOptions.find((row) => !isAdded(row.id)) ??
    null;
  const full = added.length >= MAX_COMPARED;

  const failure =
    (programs.isError && !programs.data ? programs : null) ??
    (seasonCrops.isError && !seasonCrops.data ? seasonCrops : null) ??
    (varieties.isError && !varieties.data ? varieties : null);
  const loading =
    !failure && (!programs.data || !seasonCrops.data || (season !== null && !varieties.data));
  const none = !loading && !failure && seasons.length === 0;

  let note: string | null = null;
  if (full) note = t('picker.full', { count: MAX_COMPARED });
  else if (none) note = t('picker.no_programs');
  else if (!loading && !failure && programOptions.length > 0 && program === null)
    note = t('picker.all_added');

  const skeleton = (key: string) => <Skeleton key={key} variant="rounded" height={40} sx={FIELD} />;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('picker.label')}
      sx={{ p: 2 }}
      data-testid="comparison-picker"
    >
      <Stack
        direction="row"
        useFlexGap
        spacing={1.5}
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField
          select
          size="small"
          label={t('picker.farm')}
          value={farm.id}
          onChange={(event) => {
            setFarmId(Number(event.target.value));
            setSeasonId(null);
            setVarietyId(null);
            setProgramId(null);
          }}
          sx={FIELD}
          data-testid="comparison-farm"
        >
          {farmOptions.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.nome}
            </MenuItem>
          ))}
        </TextField>
        {loading ? (
          <Box
            role="status"
            aria-label={t('picker.loading')}
            sx={{ display: 'contents' }}
            data-testid="comparison-picker-loading"
          >
            {['season', 'variety', 'program'].map(skeleton)}
          </Box>
        ) : (
          <>
            <TextField
              select
              size="small"
              label={t('picker.season')}
              value={season?.id ?? ''}
              disabled={seasons.length === 0}
              onChange={(event) => {
                setSeasonId(Number(event.target.value));
                setVarietyId(null);
                setProgramId(null);
              }}
              sx={SEASON_FIELD}
              data-testid="comparison-season"
            >
              {seasons.map((option) => (
                <MenuItem key={option.id} value={option.id}>
                  {seasonLabel(option)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('picker.variety')}
              value={variety?.id ?? ''}
              disabled={varietyOptions.length === 0}
              onChange={(event) => {
                setVarietyId(Number(event.target.value));
                setProgramId(null);
              }}
              sx={FIELD}
              data-testid="comparison-variety"
            >
              {varietyOptions.map((option) => (
                <MenuItem key={option.id} value={option.id}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('picker.program')}
              value={program?.id ?? ''}
              disabled={programOptions.length === 0}
              onChange={(event) => setProgramId(Number(event.target.value))}
              sx={{ ...FIELD, flex: { xs: '1 1 100%', sm: '1.5 1 220px' } }}
              data-testid="comparison-program"
            >
              {programOptions.map((option) => (
                <MenuItem key={option.id} value={option.id} disabled={isAdded(option.id)}>
                  {optionLabel(option)}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={program === null || full}
          onClick={() => {
            if (program) onAdd(program.id);
          }}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          data-testid="comparison-add"
        >
          {t('picker.add')}
        </Button>
      </Stack>
      {failure && (
        <Box sx={{ mt: 1.5 }}>
          <ApiErrorAlert
            error={failure.error}
            onRetry={() => void failure.refetch()}
            retryLabel={t('retry')}
          />
        </Box>
      )}
      {note && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1.5 }}
          data-testid="comparison-picker-note"
        >
          {note}
        </Typography>
      )}
    </Paper>
  );
}
