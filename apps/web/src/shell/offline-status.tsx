import { useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import CloudSyncOutlinedIcon from '@mui/icons-material/CloudSyncOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  dismiss,
  outboxOf,
  refusalOf,
  useOutboxEntries,
  type OutboxEntry,
} from '../app/offline/outbox';
import { flushOutbox, useOnline, useOutboxOwner } from '../app/offline/outbox-sync';
import { formatDateOnly } from '../lib/date-only';
import { useLanguage } from '../lib/i18n';
import { ApiErrorAlert } from './api-error-alert';

/**
 * Without signal, pages show what they last loaded (the service worker's copies): the banner says
 * so, and that what the member applies or writes waits on the device (issue 30 item 7).
 */
export function OfflineBanner() {
  const { t } = useTranslation('shell');
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      severity="warning"
      icon={<CloudOffOutlinedIcon />}
      sx={{ mb: 2 }}
      data-testid="offline-banner"
      role="status"
    >
      {t('offline.banner')}
    </Alert>
  );
}

/** One change on the device, in words. */
function EntryText({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation('shell');
  const language = useLanguage();
  const { change } = entry;
  if (change.kind === 'apply-spraying')
    return (
      <>
        {t('offline.change.apply', {
          number: change.ordinal,
          date: formatDateOnly(change.appliedAt, language),
        })}
        <Typography component="span" variant="body2" color="text.secondary">
          {` · ${change.subject}`}
        </Typography>
      </>
    );
  return <>{t('offline.change.note', { title: change.body.title })}</>;
}

const STATE_COLOURS = { waiting: 'warning', sent: 'success', refused: 'error' } as const;

/**
 * The top bar's outbox: how many changes wait to be sent, and a list of what waits, what was sent
 * and what the server refused with its reason. Shown only while the device holds any.
 */
export function OutboxButton() {
  const { t } = useTranslation('shell');
  const owner = useOutboxOwner();
  const online = useOnline();
  const queryClient = useQueryClient();
  const entries = outboxOf(useOutboxEntries(), owner);
  const [open, setOpen] = useState(false);
  const waiting = entries.filter((row) => row.state === 'waiting').length;
  const refused = entries.filter((row) => row.state === 'refused').length;
  if (entries.length === 0) return null;
  const label = t('offline.outbox.label', { waiting, refused });
  const done = entries.filter((row) => row.state !== 'waiting').map((row) => row.id);
  return (
    <>
      <Tooltip title={label}>
        <IconButton onClick={() => setOpen(true)} aria-label={label} data-testid="outbox-open">
          <Badge
            badgeContent={refused || waiting}
            color={refused ? 'error' : 'warning'}
            data-testid="outbox-count"
          >
            <CloudSyncOutlinedIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="outbox-title"
        data-testid="outbox-dialog"
      >
        <DialogTitle id="outbox-title">{t('offline.outbox.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t(online ? 'offline.outbox.intro_online' : 'offline.outbox.intro_offline')}
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {[...entries].reverse().map((entry) => {
              const refusal = refusalOf(entry);
              return (
                <Box
                  component="li"
                  key={entry.id}
                  data-testid="outbox-entry"
                  data-state={entry.state}
                  sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}
                >
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                    <Chip
                      size="small"
                      color={STATE_COLOURS[entry.state]}
                      variant={entry.state === 'sent' ? 'outlined' : 'filled'}
                      label={t(`offline.state.${entry.state}`)}
                      data-testid="outbox-entry-state"
                    />
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      <EntryText entry={entry} />
                    </Typography>
                  </Stack>
                  {refusal && (
                    <Box sx={{ mt: 1 }} data-testid="outbox-entry-refusal">
                      <ApiErrorAlert error={refusal} />
                    </Box>
                  )}
                </Box>
              );
            })}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {done.length > 0 && (
            <Button
              onClick={() => void dismiss(done)}
              sx={{ mr: 'auto' }}
              data-testid="outbox-clear"
            >
              {t('offline.outbox.clear')}
            </Button>
          )}
          {waiting > 0 && online && (
            <Button onClick={() => void flushOutbox(owner, queryClient)} data-testid="outbox-send">
              {t('offline.outbox.send')}
            </Button>
          )}
          <Button variant="contained" onClick={() => setOpen(false)}>
            {t('offline.outbox.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
