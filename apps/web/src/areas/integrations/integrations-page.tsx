import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EventIcon from '@mui/icons-material/Event';
import MapIcon from '@mui/icons-material/Map';
import SpaIcon from '@mui/icons-material/Spa';
import { ERROR_KEYS, type IntegrationCode } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  useIntegrations,
  useSaveGoogleToken,
  useUserIntegrations,
  type Integration,
  type UserIntegration,
} from '../../api/integrations';
import { ApiError } from '../../api/http';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { useShellUi } from '../../shell/shell-ui';
import { CalendarDetail } from './calendar-detail';
import { FieldImportDetail } from './field-import-detail';
import { LeafDetail } from './leaf-detail';
import { LoadingState } from '../../shell/loading-state';

const ICONS: Record<IntegrationCode, React.ReactNode> = {
  fieldview: <MapIcon />,
  google_calendar: <EventIcon />,
  leaf_agriculture: <SpaIcon />,
};

/** An integration of the catalogue with the member's state. */
interface Row {
  integration: Integration;
  mine: UserIntegration | undefined;
}

/** An integration in a list: its icon, name, kind and state, opening its detail. */
function IntegrationItem({
  row,
  testId,
  onOpen,
  divider = false,
}: {
  row: Row;
  testId: string;
  onOpen: (code: IntegrationCode) => void;
  divider?: boolean;
}) {
  const { t } = useTranslation('integrations');
  return (
    <ListItem disablePadding divider={divider}>
      <ListItemButton
        data-testid={testId}
        data-code={row.integration.code}
        onClick={() => onOpen(row.integration.code)}
      >
        <Box sx={{ mr: 2, display: 'flex', color: 'primary.main' }} aria-hidden>
          {ICONS[row.integration.code]}
        </Box>
        <ListItemText
          primary={row.integration.name}
          secondary={t(`kind.${row.integration.kind}`)}
        />
        <StatusChip row={row} />
      </ListItemButton>
    </ListItem>
  );
}

function StatusChip({ row }: { row: Row }) {
  const { t } = useTranslation('integrations');
  if (!row.integration.is_active)
    return <Chip size="small" label={t('status.unavailable')} data-status="unavailable" />;
  if (row.mine?.is_active)
    return <Chip size="small" color="success" label={t('status.active')} data-status="active" />;
  return (
    <Chip size="small" variant="outlined" label={t('status.inactive')} data-status="inactive" />
  );
}

function Loading() {
  const { t } = useTranslation('integrations');
  return <LoadingState label={t('title')} testId="integrations-loading" rows={3} />;
}

function DetailDialog({ code, onClose }: { code: IntegrationCode | null; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const titles: Record<IntegrationCode, string> = {
    fieldview: 'Climate FieldView',
    google_calendar: 'Google Calendar',
    leaf_agriculture: 'Leaf Agriculture',
  };
  return (
    <Dialog open={code !== null} onClose={onClose} fullWidth maxWidth="sm">
      {code && (
        <>
          <DialogTitle>{titles[code]}</DialogTitle>
          <DialogContent data-testid="integration-detail" data-code={code}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t(`description.${code}`)}
            </Typography>
            {code === 'google_calendar' && <CalendarDetail />}
            {code === 'fieldview' && <FieldImportDetail />}
            {code === 'leaf_agriculture' && <LeafDetail />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function AddDialog({
  open,
  rows,
  onClose,
  onChoose,
}: {
  open: boolean;
  rows: Row[];
  onClose: () => void;
  onChoose: (code: IntegrationCode) => void;
}) {
  const { t } = useTranslation('integrations');
  const offered = rows.filter((row) => !row.mine?.is_active);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('add_title')}</DialogTitle>
      <DialogContent data-testid="integrations-add-dialog">
        {offered.length === 0 ? (
          <Typography color="text.secondary">{t('add_empty')}</Typography>
        ) : (
          <List>
            {offered.map((row) => (
              <IntegrationItem
                key={row.integration.id}
                row={row}
                testId="integration-option"
                onOpen={onChoose}
              />
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Google sends the member back to /integrations?code=…&state=…: the code is handed to the API
 * once, the query is cleaned, and the calendar's detail opens with the outcome.
 */
function useGoogleReturn(openCalendar: () => void) {
  const [params, setParams] = useSearchParams();
  const save = useSaveGoogleToken();
  const { notify } = useShellUi();
  const handled = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  useEffect(() => {
    if (!code || !state || handled.current) return;
    handled.current = true;
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        for (const name of ['code', 'state', 'scope', 'authuser', 'prompt', 'error'])
          next.delete(name);
        return next;
      },
      { replace: true },
    );
    save.mutate(
      { code, state },
      {
        onSuccess: () => {
          notify({ key: 'calendar.google_connected', ns: 'integrations', severity: 'success' });
          openCalendar();
        },
        onError: (error) =>
          notify({
            key: error instanceof ApiError ? error.key : ERROR_KEYS.unexpected,
            severity: 'error',
          }),
      },
    );
  }, [code, state, save, setParams, notify, openCalendar]);
  return save.isPending;
}

export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const catalogue = useIntegrations();
  const mine = useUserIntegrations();
  const [adding, setAdding] = useState(false);
  const [detail, setDetail] = useState<IntegrationCode | null>(null);
  const saving = useGoogleReturn(() => setDetail('google_calendar'));

  const rows: Row[] = (catalogue.data ?? []).map((integration) => ({
    integration,
    mine: mine.data?.find((row) => row.id === integration.id),
  }));
  const failed = catalogue.error ?? mine.error;

  return (
    <Box data-testid="integrations-page" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 900, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('subtitle')}</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          disabled={!catalogue.data}
          data-testid="integrations-add"
        >
          {t('add')}
        </Button>
      </Stack>
      {saving && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="google-saving">
          {t('calendar.google_saving')}
        </Alert>
      )}
      {failed ? (
        <Box data-testid="integrations-error">
          <Typography sx={{ mb: 1 }}>{t('load_error')}</Typography>
          <ApiErrorAlert
            error={failed}
            onRetry={() => {
              void catalogue.refetch();
              void mine.refetch();
            }}
            retryLabel={t('retry')}
          />
        </Box>
      ) : catalogue.isPending || mine.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }} data-testid="integrations-empty">
          <Typography color="text.secondary">{t('empty')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <List disablePadding>
            {rows.map((row) => (
              <IntegrationItem
                key={row.integration.id}
                row={row}
                testId="integration-row"
                onOpen={setDetail}
                divider
              />
            ))}
          </List>
        </Paper>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('manual_toggle_note')}
      </Typography>
      <AddDialog
        open={adding}
        rows={rows}
        onClose={() => setAdding(false)}
        onChoose={(code) => {
          setAdding(false);
          setDetail(code);
        }}
      />
      <DetailDialog code={detail} onClose={() => setDetail(null)} />
    </Box>
  );
}
