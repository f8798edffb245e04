import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  LinearProgress,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sessionKeys } from '../api/session';
import { answerInvitation, useInvitations, userKeys, type Invitation } from '../api/users';
import { useSessionState } from '../app/session/session-store';
import { ApiErrorAlert } from './api-error-alert';
import { useShellUi } from './shell-ui';

/**
 * "Later" puts the invitations off for this session: the session is told apart by its expiry
 * (a new sign-in or account switch sets another), kept in sessionStorage so a reload keeps it.
 */
const DISMISSED_KEY = 'invitations_dismissed';

function readDismissed(): string | null {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

function storeDismissed(expiresAt: string): void {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, expiresAt);
  } catch {
    // Not stored: put off for this page only.
  }
}

/**
 * Accounts that invited the signed-in person (someone who already used Lavoura): asked once the
 * session is ready, before the shell's later questions (`children`, which wait while the list
 * loads). When the list cannot be loaded nothing is asked: the invitations wait for the next
 * sign-in rather than blocking the app with an error about something optional.
 */
export function PendingInvitations({ children }: { children?: ReactNode }) {
  const { expiresAt } = useSessionState();
  const session = String(expiresAt);
  const [dismissed, setDismissed] = useState(readDismissed);
  const invitations = useInvitations(dismissed !== session);

  if (dismissed === session) return children;
  if (invitations.isPending) return null;
  if (!invitations.data?.length) return children;
  return (
    <InvitationsDialog
      invitations={invitations.data}
      refreshing={invitations.isFetching}
      onLater={() => {
        storeDismissed(session);
        setDismissed(session);
      }}
    />
  );
}

function InvitationsDialog({
  invitations,
  refreshing,
  onLater,
}: {
  invitations: readonly Invitation[];
  refreshing: boolean;
  onLater: () => void;
}) {
  const { t } = useTranslation(['shell', 'reference']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const { notify } = useShellUi();
  const [answering, setAnswering] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const answer = async (invitation: Invitation, accept: boolean) => {
    const { id, name } = invitation.account;
    setAnswering(id);
    setFailure(null);
    try {
      await answerInvitation(id, accept);
      // Answered: off the list at once (the dialog closes with the last one).
      queryClient.setQueryData<Invitation[]>(userKeys.invitations, (list) =>
        list?.filter((item) => item.account.id !== id),
      );
      // An accepted account joins the account menu.
      if (accept) void queryClient.invalidateQueries({ queryKey: sessionKeys.accounts });
      notify({
        key: accept ? 'invitations.accepted' : 'invitations.declined',
        ns: 'shell',
        severity: 'success',
        values: { account: name },
      });
    } catch (error) {
      setFailure(error);
      // Withdrawn meanwhile (404) or otherwise changed: the list shows what is left.
      void queryClient.invalidateQueries({ queryKey: userKeys.invitations });
    } finally {
      setAnswering(null);
    }
  };

  return (
    <Dialog
      open
      onClose={(_event, reason) => {
        // Escape puts the question off; a click beside it is more likely a slip.
        if (reason === 'escapeKeyDown') onLater();
      }}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="invitations-title"
      aria-describedby="invitations-description"
      data-testid="invitations-dialog"
    >
      <DialogTitle id="invitations-title" sx={{ position: 'relative' }}>
        {t('invitations.title')}
        {/* Along the title's lower edge: nothing below moves while an answer is sent. */}
        {(refreshing || answering !== null) && (
          <LinearProgress aria-hidden sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }} />
        )}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id="invitations-description">
            {t('invitations.description')}
          </DialogContentText>
          {failure !== null && <ApiErrorAlert error={failure} />}
          <Stack
            component="ul"
            divider={<Divider flexItem />}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {invitations.map((invitation) => {
              const { id, name } = invitation.account;
              return (
                <Stack
                  key={id}
                  component="li"
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1.5}
                  sx={{ py: 1.5, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                  data-testid={`invitation-${id}`}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography
                      component="h3"
                      variant="subtitle1"
                      sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
                    >
                      {name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('invitations.as_profile', {
                        profile: t(invitation.profile.message_key, { ns: 'reference' }),
                      })}
                    </Typography>
                  </Box>
                  <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                    <Button
                      color="inherit"
                      variant="outlined"
                      disabled={answering !== null}
                      onClick={() => void answer(invitation, false)}
                      aria-label={t('invitations.decline_named', { account: name })}
                    >
                      {t('invitations.decline')}
                    </Button>
                    <Button
                      variant="contained"
                      disabled={answering !== null}
                      onClick={() => void answer(invitation, true)}
                      aria-label={t('invitations.accept_named', { account: name })}
                    >
                      {t('invitations.accept')}
                    </Button>
                  </Stack>
                </Stack>
              );
            })}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onLater} disabled={answering !== null}>
          {t('invitations.later')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
