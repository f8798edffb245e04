import { useState } from 'react';
import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import { resolveSeason, routeAccess, seasonsOf } from '@lavoura/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VarietyDetail } from '../../api/catalogue';
import { useSeasonCrops } from '../../api/reference';
import {
  addFarmVariety,
  removeFarmVariety,
  useFarmVarieties,
  varietyKeys,
} from '../../api/varieties';
import { useCurrentFarm } from '../../app/farm/current-farm-context';
import { useSignedIn } from '../../app/session/signed-in';
import { ApiErrorAlert } from '../../shell/api-error-alert';

/**
 * A catalogue variety on the current farm (issue 11 item 5, the added flag): added for its crop's
 * current season there, or not, with the action that changes it. Shown to who may see the farm's
 * varieties on a plan that has them.
 */
export function VarietyOnFarm({ item }: { item: VarietyDetail }) {
  const { t } = useTranslation('catalog');
  const { can, user } = useSignedIn();
  const { farm } = useCurrentFarm();
  const seasonCrops = useSeasonCrops();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const season =
    farm && seasonCrops.data
      ? resolveSeason(seasonsOf(seasonCrops.data, item.crop_id, farm.pais.id), null)
      : null;
  const allowed =
    farm !== null &&
    can('CULTIVAR_LISTAR') &&
    routeAccess('cultivares', user.plan.priority_level) === 'allowed';
  const varieties = useFarmVarieties(farm?.id ?? 0, allowed ? (season?.id ?? null) : null);
  if (!allowed || !farm || !season) return null;
  if (varieties.isError)
    return (
      <Alert severity="warning" sx={{ my: 2 }}>
        {t('on_farm.unknown')}
      </Alert>
    );
  if (!varieties.data) return null;
  const held = varieties.data.find((variety) => variety.seed_id === item.id);

  const change = async () => {
    setBusy(true);
    setError(null);
    try {
      if (held) await removeFarmVariety(held.id, farm.id);
      else await addFarmVariety(farm.id, season.id, item.id);
      await queryClient.invalidateQueries({ queryKey: varietyKeys.all(farm.id) });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const mayChange = held ? can('CULTIVAR_EXCLUIR') : can('CULTIVAR_CADASTRAR');
  return (
    <Stack spacing={1} sx={{ py: 2 }} data-testid="variety-on-farm">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {held ? (
          <Chip
            color="success"
            variant="outlined"
            icon={<CheckIcon />}
            label={t('on_farm.added', { farm: farm.nome, season: season.season_name })}
            data-testid="variety-on-farm-added"
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('on_farm.not_added', { farm: farm.nome, season: season.season_name })}
          </Typography>
        )}
        {mayChange && (
          <Button
            size="small"
            variant={held ? 'text' : 'contained'}
            color={held ? 'error' : 'primary'}
            startIcon={held ? undefined : <AddIcon />}
            disabled={busy}
            onClick={() => void change()}
            data-testid={held ? 'variety-on-farm-remove' : 'variety-on-farm-add'}
          >
            {held ? t('on_farm.remove') : t('on_farm.add')}
          </Button>
        )}
      </Stack>
      {error !== null && <ApiErrorAlert error={error} />}
    </Stack>
  );
}
