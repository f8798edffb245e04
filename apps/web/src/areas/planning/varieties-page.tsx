import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import GrassIcon from '@mui/icons-material/Grass';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import { cropsOfCountry, resolveCrop, resolveSeason, seasonsOf } from '@lavoura/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Farm } from '../../api/farms';
import { useCrops, useSeasonCrops } from '../../api/reference';
import {
  removeFarmVariety,
  useFarmVarieties,
  varietyKeys,
  type FarmVariety,
} from '../../api/varieties';
import { CurrentFarmGate } from '../../app/farm/current-farm-gate';
import { useCurrentFarm } from '../../app/farm/current-farm-context';
import { useSignedIn } from '../../app/session/signed-in';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { ConfirmDeleteDialog } from '../../shell/confirm-delete-dialog';
import { InlineMessage } from '../../shell/inline-message';
import { useShellUi } from '../../shell/shell-ui';
import { AddVarietyDialog } from '../shared/varieties/add-variety-dialog';
import { CopyVarietyDialog } from './copy-variety-dialog';
import { RequestVarietyDialog } from './request-variety-dialog';
import { useVarietyFacts } from '../shared/varieties/variety-facts';
import { CropSeasonFilter } from '../shared/crop-season-filter';
import { useCropSeasonChoice } from '../shared/varieties/variety-season';
import { RowAction } from '../../shell/row-action';
import { LoadingState } from '../../shell/loading-state';

function Loading() {
  const { t } = useTranslation('varieties');
  return <LoadingState label={t('loading')} testId="varieties-loading" rows={4} rowHeight={48} />;
}

interface RowActions {
  onCopy?: ((variety: FarmVariety) => void) | undefined;
  onRemove?: ((variety: FarmVariety) => void) | undefined;
}

function Actions({ variety, onCopy, onRemove }: { variety: FarmVariety } & RowActions) {
  const { t } = useTranslation('varieties');
  if (!onCopy && !onRemove) return null;
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={t('actions.row', { name: variety.name })}
      sx={{ justifyContent: 'flex-end', flexShrink: 0 }}
    >
      {onCopy && (
        <RowAction
          label={t('actions.copy')}
          icon={<ContentCopyOutlinedIcon />}
          onClick={() => onCopy(variety)}
          testId="variety-copy"
        />
      )}
      {onRemove && (
        <RowAction
          label={t('actions.remove')}
          icon={<DeleteOutlineIcon />}
          onClick={() => onRemove(variety)}
          testId="variety-remove"
        />
      )}
    </Stack>
  );
}

function VarietyTable({ varieties, ...actions }: { varieties: FarmVariety[] } & RowActions) {
  const { t } = useTranslation('varieties');
  const facts = useVarietyFacts();
  const withActions = Boolean(actions.onCopy || actions.onRemove);
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="varieties-list">
      <Table aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('column.name')}</TableCell>
            <TableCell>{t('column.owner')}</TableCell>
            <TableCell>{t('column.maturity')}</TableCell>
            <TableCell>{t('column.habit')}</TableCell>
            <TableCell>{t('column.gmo')}</TableCell>
            {withActions && <TableCell align="right">{t('column.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {varieties.map((variety) => (
            <TableRow key={variety.id} data-testid="variety-row">
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                {variety.name}
              </TableCell>
              <TableCell>{facts.owner(variety)}</TableCell>
              <TableCell>{facts.maturity(variety)}</TableCell>
              <TableCell>{facts.habit(variety)}</TableCell>
              <TableCell>{facts.gmo(variety)}</TableCell>
              {withActions && (
                <TableCell align="right" sx={{ py: 0.5 }}>
                  <Actions variety={variety} {...actions} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function VarietyCards({ varieties, ...actions }: { varieties: FarmVariety[] } & RowActions) {
  const { t } = useTranslation('varieties');
  const facts = useVarietyFacts();
  const fact = (label: string, value: string) => (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Stack
      spacing={1.5}
      component="ul"
      sx={{ p: 0, m: 0, listStyle: 'none' }}
      data-testid="varieties-list"
    >
      {varieties.map((variety) => (
        <Card
          key={variety.id}
          component="li"
          variant="outlined"
          data-testid="variety-row"
          aria-labelledby={`variety-${variety.id}-name`}
        >
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography
                  id={`variety-${variety.id}-name`}
                  variant="h6"
                  component="h2"
                  sx={{ fontSize: 18, overflowWrap: 'anywhere' }}
                >
                  {variety.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {facts.owner(variety)}
                </Typography>
              </Box>
              <Actions variety={variety} {...actions} />
            </Stack>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fit, minmax(96px, 1fr))',
                gap: 1.5,
                m: 0,
                mt: 1.5,
              }}
            >
              {fact(t('column.maturity'), facts.maturity(variety))}
              {fact(t('column.habit'), facts.habit(variety))}
              {fact(t('column.gmo'), facts.gmo(variety))}
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** The crop and season selects, with the count of the season's varieties. */
function SeasonFilter({
  count,
  ...filter
}: Omit<Parameters<typeof CropSeasonFilter>[0], 'namespace' | 'children'> & {
  count: number | null;
}) {
  const { t } = useTranslation('varieties');
  return (
    <CropSeasonFilter namespace="varieties" {...filter}>
      {count !== null && (
        <Chip
          icon={<GrassIcon />}
          label={t('count', { count })}
          variant="outlined"
          color="primary"
          sx={{ ml: { sm: 'auto' } }}
          data-testid="varieties-count"
        />
      )}
    </CropSeasonFilter>
  );
}

/** The varieties of one farm: remounted for each farm, so no dialog outlives its farm. */
function FarmVarieties({
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
  const { t } = useTranslation(['varieties', 'reference']);
  const { can } = useSignedIn();
  const { notify } = useShellUi();
  const { farms } = useCurrentFarm();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const crops = useCrops();
  const seasonCrops = useSeasonCrops();
  const [adding, setAdding] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [removing, setRemoving] = useState<FarmVariety | null>(null);
  const [copying, setCopying] = useState<FarmVariety | null>(null);

  const countryId = farm.pais.id;
  const offered = cropsOfCountry(crops.data ?? [], seasonCrops.data ?? [], countryId);
  const crop = resolveCrop(offered, seasonCrops.data ?? [], countryId, chosenCrop);
  const seasons = crop ? seasonsOf(seasonCrops.data ?? [], crop.id, countryId) : [];
  const season = resolveSeason(seasons, chosenSeason);
  const varieties = useFarmVarieties(farm.id, season?.id ?? null);

  const canCreate = can('CULTIVAR_CADASTRAR');
  const canDelete = can('CULTIVAR_EXCLUIR');
  const otherFarms = (farms.data ?? []).filter(
    (other) => other.id !== farm.id && other.enabled && other.pais.id === countryId,
  );

  const addButton = (testId: string) =>
    canCreate &&
    season && (
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        onClick={() => setAdding(true)}
        data-testid={testId}
      >
        {t('actions.add')}
      </Button>
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
          testId="varieties-no-season"
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
          testId="varieties-empty"
          icon={<GrassIcon />}
          title={t('empty.title')}
          description={t(canCreate ? 'empty.description' : 'empty.description_readonly', {
            season: season.season_name,
          })}
          action={addButton('varieties-empty-add') || undefined}
          headingLevel="h2"
        />
      </Paper>
    );
  } else {
    const actions: RowActions = {
      onCopy: canCreate ? setCopying : undefined,
      onRemove: canDelete ? setRemoving : undefined,
    };
    content = narrow ? (
      <VarietyCards varieties={varieties.data} {...actions} />
    ) : (
      <VarietyTable varieties={varieties.data} {...actions} />
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 1120, mx: 'auto' }} data-testid="varieties-page">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-end' } }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('subtitle', { farm: farm.nome })}</Typography>
        </Box>
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ flexShrink: 0 }}>
          <Button
            variant="outlined"
            startIcon={<RateReviewOutlinedIcon />}
            onClick={() => setRequesting(true)}
            data-testid="variety-request"
          >
            {t('actions.request')}
          </Button>
          {addButton('variety-add')}
        </Stack>
      </Stack>
      {crop && (
        <SeasonFilter
          crops={offered}
          crop={crop}
          seasons={seasons}
          season={season}
          onCrop={onCrop}
          onSeason={onSeason}
          count={varieties.data?.length ?? null}
        />
      )}
      {content}
      {adding && crop && season && (
        <AddVarietyDialog
          farm={farm}
          crop={crop}
          season={season}
          onClose={() => setAdding(false)}
          onRequest={() => {
            setAdding(false);
            setRequesting(true);
          }}
        />
      )}
      {requesting && (
        <RequestVarietyDialog
          onClose={() => setRequesting(false)}
          onSent={() => {
            setRequesting(false);
            notify({ key: 'request.sent', ns: 'varieties', severity: 'success' });
          }}
        />
      )}
      {copying && season && (
        <CopyVarietyDialog
          variety={copying}
          season={season}
          farms={otherFarms}
          onClose={() => setCopying(null)}
          onCopied={(count) => {
            setCopying(null);
            notify(
              count === 0
                ? { key: 'copy.done_none', ns: 'varieties', severity: 'info' }
                : { key: 'copy.done', ns: 'varieties', severity: 'success', values: { count } },
            );
          }}
        />
      )}
      {removing && season && (
        <ConfirmDeleteDialog
          id="variety-remove-dialog"
          title={t('remove.title')}
          description={t('remove.description', {
            name: removing.name,
            farm: farm.nome,
            season: season.season_name,
          })}
          cancelLabel={t('remove.cancel')}
          confirmLabel={t('remove.confirm')}
          remove={() => removeFarmVariety(removing.id, farm.id)}
          onClose={() => setRemoving(null)}
          onDeleted={() => {
            setRemoving(null);
            void queryClient.invalidateQueries({ queryKey: varietyKeys.all(farm.id) });
            notify({ key: 'remove.done', ns: 'varieties', severity: 'success' });
          }}
        />
      )}
    </Stack>
  );
}

/** /cultivares: the current farm's varieties per crop and season (spec 2 §7 Seeds and varieties). */
export function VarietiesPage() {
  // Above the farm: a farm switch keeps the crop and season chosen.
  const choice = useCropSeasonChoice();
  return (
    <CurrentFarmGate namespace="varieties" testId="varieties-no-farm" loading={<Loading />}>
      {(farm) => <FarmVarieties key={farm.id} farm={farm} {...choice} />}
    </CurrentFarmGate>
  );
}
