import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Divider,
  FormControlLabel,
  IconButton,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AgricultureOutlinedIcon from '@mui/icons-material/AgricultureOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GrassOutlinedIcon from '@mui/icons-material/GrassOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useQueryClient } from '@tanstack/react-query';
import {
  CROPS,
  ERROR_KEYS,
  findCountry,
  formatMoney,
  formatTruncated,
  toDisplayPrice,
  toDisplayUnit,
  unitOf,
  unitSystemOf,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { deleteFarm, farmKeys, setFarmEnabled, type Farm } from '../../api/farms';
import { useCurrentFarm } from '../../app/farm/current-farm-context';
import { useLanguage } from '../../lib/i18n';
import { useSignedIn } from '../../app/session/signed-in';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { ConfirmDeleteDialog } from '../../shell/confirm-delete-dialog';
import { SUPPORT_EMAIL, contactMailto } from '../../shell/contact';
import { FarmStatusIcons } from '../../shell/farm-selector-slot';
import { MessagePanel } from '../../shell/message-panel';
import { useShellUi } from '../../shell/shell-ui';
import { FarmDialog } from './farm-dialog';
import { FarmNotificationsDialog } from './farm-notifications-dialog';
import { PlotsDialog } from './plots/plots-dialog';

function ConfirmDelete({
  farm,
  onClose,
  onDeleted,
}: {
  farm: Farm;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('farms');
  return (
    <ConfirmDeleteDialog
      id="farm-delete-dialog"
      title={t('delete.title', { name: farm.nome })}
      description={t('delete.description')}
      cancelLabel={t('delete.cancel')}
      confirmLabel={t('delete.confirm')}
      remove={() => deleteFarm(farm.id)}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}

/** A figure of a card: its label above, its value below. */
function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 500 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

interface CardActionsProps {
  onFields: (() => void) | null;
  onEdit: (() => void) | null;
  onDelete: (() => void) | null;
  onNotifications: (() => void) | null;
  onToggle: (() => void) | null;
  toggling: boolean;
}

function FarmCard({
  farm,
  current,
  actions,
}: {
  farm: Farm;
  current: boolean;
  actions: CardActionsProps;
}) {
  const { t } = useTranslation(['farms', 'reference']);
  const language = useLanguage();
  const country = findCountry(farm.pais.id);
  const area = `${formatTruncated(toDisplayUnit('area', farm.total_area, language), 2, language)} ${unitOf('area', language)}`;
  const imperial = unitSystemOf(language) === 'imperial';
  const prices = CROPS.flatMap((crop) => {
    const stored = farm.bag_price.find((price) => price.crop_id === crop.id);
    if (!stored || !country) return [];
    const shown = formatMoney(
      toDisplayPrice('sacks', stored.price, language),
      country.currency,
      language,
    );
    return [
      {
        crop: t(crop.message_key, { ns: 'reference' }),
        price: t(imperial ? 'card.price_per_bushel' : 'card.price_per_bag', { price: shown }),
      },
    ];
  });
  const titleId = `farm-${farm.id}-name`;

  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      data-testid={`farm-${farm.id}`}
      data-enabled={farm.enabled}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        borderColor: current ? 'primary.main' : 'divider',
        bgcolor: farm.enabled ? 'background.paper' : 'grey.50',
      }}
    >
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Box
            aria-hidden
            sx={{
              width: 40,
              height: 40,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              bgcolor: farm.enabled ? 'primary.main' : 'action.disabledBackground',
              color: farm.enabled ? 'primary.contrastText' : 'text.secondary',
            }}
          >
            <AgricultureOutlinedIcon />
          </Box>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography
              id={titleId}
              variant="h6"
              component="h2"
              sx={{ fontSize: 18, lineHeight: 1.3, overflowWrap: 'anywhere' }}
            >
              {farm.nome}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="farm-place">
              {t('card.place', {
                city: farm.municipio.nome,
                state: farm.estado.nome,
                country: country ? t(country.message_key, { ns: 'reference' }) : farm.pais.nome,
              })}
            </Typography>
          </Box>
          <FarmStatusIcons farm={farm} />
        </Stack>
        {(current || !farm.enabled || farm.active_sowing) && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
            {current && (
              <Chip
                size="small"
                color="primary"
                label={t('card.current')}
                data-testid="farm-current"
              />
            )}
            {!farm.enabled && (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={t('card.disabled')}
                // Orange text on the disabled card's grey is below 4.5:1: the border carries it.
                sx={{ color: 'text.primary' }}
                data-testid="farm-disabled"
              />
            )}
            {farm.active_sowing && (
              <Chip
                size="small"
                variant="outlined"
                icon={<GrassOutlinedIcon />}
                label={t('card.active_sowing')}
                data-testid="farm-active-sowing-badge"
              />
            )}
          </Stack>
        )}
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            gap: 1.5,
            mt: 2,
          }}
        >
          <Figure label={t('card.area')} value={area} testId="farm-area" />
          <Figure label={t('card.plots')} value={String(farm.total_talhoes)} testId="farm-plots" />
          {prices.map((item) => (
            <Figure key={item.crop} label={item.crop} value={item.price} />
          ))}
        </Box>
      </CardContent>
      <Divider />
      <CardActions sx={{ px: 2, py: 1, justifyContent: 'space-between', minHeight: 52 }}>
        {actions.onToggle ? (
          <FormControlLabel
            control={
              <Switch
                checked={farm.enabled}
                disabled={actions.toggling}
                onChange={actions.onToggle}
                data-testid="farm-enabled-switch"
              />
            }
            label={t(farm.enabled ? 'card.enabled' : 'card.disabled')}
            slotProps={{ typography: { variant: 'body2' } }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t(farm.enabled ? 'card.enabled' : 'card.disabled')}
          </Typography>
        )}
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          {actions.onFields && (
            <Button
              size="small"
              startIcon={<MapOutlinedIcon />}
              onClick={actions.onFields}
              aria-label={t('action.fields_named', { name: farm.nome })}
              data-testid="farm-fields"
            >
              {t('action.fields')}
            </Button>
          )}
          {actions.onNotifications && (
            <Tooltip title={t('action.notifications')}>
              <IconButton
                onClick={actions.onNotifications}
                aria-label={t('action.notifications_named', { name: farm.nome })}
              >
                <NotificationsNoneOutlinedIcon />
              </IconButton>
            </Tooltip>
          )}
          {actions.onEdit && (
            <Tooltip title={farm.enabled ? t('action.edit') : t('action.edit_disabled')}>
              {/* A disabled button takes no hover: the span shows why. */}
              <span>
                <IconButton
                  onClick={actions.onEdit}
                  disabled={!farm.enabled}
                  aria-label={t('action.edit_named', { name: farm.nome })}
                >
                  <EditOutlinedIcon />
                </IconButton>
              </span>
            </Tooltip>
          )}
          {actions.onDelete && (
            <Tooltip title={t('action.delete')}>
              <IconButton
                onClick={actions.onDelete}
                aria-label={t('action.delete_named', { name: farm.nome })}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </CardActions>
    </Card>
  );
}

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
} as const;

/** /farms: the farm cards, with adding, editing, enabling, deleting and notification settings. */
export function FarmsPage() {
  const { t } = useTranslation(['farms', 'errors']);
  const queryClient = useQueryClient();
  const { user, can } = useSignedIn();
  const { notify } = useShellUi();
  const { farms, farm: currentFarm, forgetFarm } = useCurrentFarm();
  const [editing, setEditing] = useState<Farm | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Farm | null>(null);
  const [notifying, setNotifying] = useState<Farm | null>(null);
  // By id: the dialog shows the farm as the list has it now (area, enabled) after each change.
  const [fieldsOf, setFieldsOf] = useState<number | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const [limitReached, setLimitReached] = useState(false);

  const canCreate = can('FAZENDA_CADASTRAR');
  const canEdit = can('FAZENDA_EDITAR');
  const canDelete = can('FAZENDA_EXCLUIR');
  const canView = can('FAZENDA_VISUALIZAR');
  const canListPlots = can('TALHAO_LISTAR');

  const replaceFarm = (saved: Farm) =>
    queryClient.setQueryData<Farm[]>(farmKeys.list, (list) =>
      list?.map((item) => (item.id === saved.id ? saved : item)),
    );

  const toggle = async (farm: Farm) => {
    setToggling(farm.id);
    setLimitReached(false);
    try {
      const saved = await setFarmEnabled(farm.id, {
        enabled: !farm.enabled,
        updated_at: farm.updated_at,
      });
      replaceFarm(saved);
      void queryClient.invalidateQueries({ queryKey: farmKeys.list });
      notify({
        key: saved.enabled ? 'enabled_done' : 'disabled_done',
        ns: 'farms',
        severity: 'success',
        values: { name: saved.nome },
      });
    } catch (error) {
      if (error instanceof ApiError && error.key === ERROR_KEYS.seasonEnableLimitExceeded) {
        setLimitReached(true);
      } else {
        notify({ key: error instanceof ApiError ? error.key : ERROR_KEYS.unexpected });
      }
      // A refusal for a stale farm (409) means the list is old: it reloads.
      if (error instanceof ApiError && error.key === ERROR_KEYS.conflict) {
        void queryClient.invalidateQueries({ queryKey: farmKeys.list });
      }
    } finally {
      setToggling(null);
    }
  };

  const addButton = canCreate && (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setEditing('new')}
      data-testid="farm-add"
    >
      {t('add')}
    </Button>
  );

  let content;
  if (farms.isError && !farms.data) {
    content = (
      <ApiErrorAlert
        error={farms.error}
        onRetry={() => void farms.refetch()}
        retryLabel={t('retry')}
      />
    );
  } else if (!farms.data) {
    content = (
      <Box sx={GRID} data-testid="farms-loading" role="status" aria-label={t('loading')}>
        {[0, 1, 2].map((item) => (
          <Paper key={item} variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={1.5}>
              <Skeleton variant="rounded" width={40} height={40} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="60%" height={28} />
                <Skeleton width="40%" />
              </Box>
            </Stack>
            <Skeleton variant="rounded" height={72} sx={{ mt: 2 }} />
          </Paper>
        ))}
      </Box>
    );
  } else if (farms.data.length === 0) {
    content = (
      <MessagePanel
        testId="farms-empty"
        icon={<AgricultureOutlinedIcon />}
        title={t('empty.title')}
        description={t(canCreate ? 'empty.description' : 'empty.description_readonly')}
        actions={addButton || undefined}
      />
    );
  } else {
    content = (
      <Box sx={GRID} data-testid="farms-list">
        {farms.data.map((farm) => (
          <FarmCard
            key={farm.id}
            farm={farm}
            current={farm.id === currentFarm?.id}
            actions={{
              onFields: canListPlots ? () => setFieldsOf(farm.id) : null,
              onEdit: canEdit ? () => setEditing(farm) : null,
              onDelete: canDelete ? () => setDeleting(farm) : null,
              onNotifications: canView ? () => setNotifying(farm) : null,
              onToggle: canEdit ? () => void toggle(farm) : null,
              toggling: toggling === farm.id,
            }}
          />
        ))}
      </Box>
    );
  }

  const count = farms.data?.length ?? 0;
  const fieldsFarm = farms.data?.find((farm) => farm.id === fieldsOf);
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="farms-page">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }} data-testid="farms-count">
            {farms.data && count > 0 ? t('count', { count }) : t('subtitle')}
          </Typography>
        </Box>
        {count > 0 && addButton}
      </Stack>

      {limitReached && (
        <Alert
          severity="warning"
          onClose={() => setLimitReached(false)}
          data-testid="farm-enable-limit"
          action={
            <Button
              color="inherit"
              size="small"
              component="a"
              href={contactMailto(t('support_subject'), SUPPORT_EMAIL)}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('contact_support')}
            </Button>
          }
        >
          {t(ERROR_KEYS.seasonEnableLimitExceeded, { ns: 'errors' })}
        </Alert>
      )}

      {content}

      {editing !== null && (
        <FarmDialog
          farm={editing === 'new' ? null : editing}
          accountCountryId={user.account.country_id}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            notify({
              key: created ? 'created' : 'saved',
              ns: 'farms',
              severity: 'success',
              values: { name: saved.nome },
            });
          }}
        />
      )}
      {deleting && (
        <ConfirmDelete
          farm={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            const { id, nome } = deleting;
            setDeleting(null);
            forgetFarm(id);
            void queryClient.invalidateQueries({ queryKey: farmKeys.list });
            notify({ key: 'deleted', ns: 'farms', severity: 'success', values: { name: nome } });
          }}
        />
      )}
      {fieldsFarm && <PlotsDialog farm={fieldsFarm} onClose={() => setFieldsOf(null)} />}
      {notifying && (
        <FarmNotificationsDialog
          farm={notifying}
          onClose={() => setNotifying(null)}
          onSaved={() => {
            setNotifying(null);
            notify({ key: 'notifications.saved', ns: 'farms', severity: 'success' });
          }}
        />
      )}
    </Stack>
  );
}
