import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CelebrationOutlinedIcon from '@mui/icons-material/CelebrationOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useJobTitles } from '../api/reference';
import { saveJobTitle, sessionKeys } from '../api/session';
import { readFirstLoginFullPlan, writeFirstLoginFullPlan } from '../app/session/cookies';
import { useLogout } from '../app/session/session-actions';
import {
  dismissJobTitle,
  getSignInPassword,
  registerStoreReset,
  useSessionState,
} from '../app/session/session-store';
import { useSignedIn } from '../app/session/signed-in';
import { ApiErrorAlert } from './api-error-alert';
import { ChangePasswordForm } from './change-password-form';
import { PendingInvitations } from './invitations-dialog';
import { useShellUi } from './shell-ui';

/**
 * First login or a recovery password: a new password before anything else; no way around it. The
 * temporary password typed at sign-in is reused, so only the new one is asked (twice); after a
 * reload the app no longer has it and asks for it too.
 */
function ForcedPasswordDialog({ recovery }: { recovery: boolean }) {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { user } = useSignedIn();
  const { notify } = useShellUi();
  const logout = useLogout();
  const [currentPassword] = useState(getSignInPassword);
  return (
    <Dialog
      open
      fullScreen={fullScreen}
      maxWidth="xs"
      fullWidth
      disableEscapeKeyDown
      aria-labelledby="forced-password-title"
      data-testid="forced-password-dialog"
    >
      <DialogTitle id="forced-password-title">{t('forced_password.title')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <DialogContentText sx={{ mb: 2.5 }}>
          {t(recovery ? 'forced_password.recovery' : 'forced_password.first_login')}
        </DialogContentText>
        <ChangePasswordForm
          email={user.email}
          currentPassword={currentPassword}
          autoFocus
          onChanged={() => notify({ key: 'change_password.done', ns: 'auth', severity: 'success' })}
          secondaryAction={
            <Button color="inherit" onClick={() => void logout()}>
              {t('account.logout')}
            </Button>
          }
        />
      </DialogContent>
    </Dialog>
  );
}

/** The spec's full-access welcome, once after the first login on the Full plan. */
function FullAccessWelcomeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { user } = useSignedIn();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="welcome-title">
      <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
        <CelebrationOutlinedIcon color="primary" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
        <Typography id="welcome-title" variant="h5" component="h2" sx={{ mb: 1 }}>
          {t('welcome_full.title', { name: user.name.split(' ')[0] })}
        </Typography>
        <DialogContentText>{t('welcome_full.description')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 3 }}>
        <Button variant="contained" onClick={onClose}>
          {t('welcome_full.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The spec: shown while the user has no job title. Internal titles are the company staff's.
 * Escape (or "Later") closes it until the next sign-in.
 */
function JobTitleDialog() {
  const { t } = useTranslation(['shell', 'reference']);
  const { user } = useSignedIn();
  const queryClient = useQueryClient();
  const jobTitles = useJobTitles();
  const [choice, setChoice] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const options = (jobTitles.data ?? []).filter((title) => !title.internal);

  const save = async () => {
    if (!choice) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveJobTitle({ user_id: user.id, job_title_id: Number(choice) });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={(_event, reason) => {
        // Escape puts the question off; a click beside it is more likely a slip.
        if (reason === 'escapeKeyDown') dismissJobTitle();
      }}
      maxWidth="xs"
      fullWidth
      aria-labelledby="job-title-title"
      data-testid="job-title-dialog"
    >
      <DialogTitle id="job-title-title">{t('job_title.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <DialogContentText>{t('job_title.description')}</DialogContentText>
          {(failure ?? jobTitles.error) && <ApiErrorAlert error={failure ?? jobTitles.error} />}
          <TextField
            select
            label={t('job_title.label')}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            disabled={!jobTitles.isSuccess}
            fullWidth
          >
            {options.map((title) => (
              <MenuItem key={title.id} value={String(title.id)}>
                {t(title.message_key, { ns: 'reference' })}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={dismissJobTitle}>
          {t('job_title.later')}
        </Button>
        <Button variant="contained" disabled={!choice || saving} onClick={() => void save()}>
          {t('job_title.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The shell's modals in the spec's order: the forced password change (first login, recovery
 * password), then the full-access welcome (cookie first_login_full_plan), then invitations to
 * other accounts, then the job title.
 */
export function ShellModals() {
  const { user } = useSignedIn();
  const { mustChangePassword, jobTitleDismissed } = useSessionState();
  const [welcome, setWelcome] = useState(readFirstLoginFullPlan);

  // An account switch answers its own first_login_full_plan.
  useEffect(() => registerStoreReset(() => setWelcome(readFirstLoginFullPlan())), []);

  if (user.first_login === 'Y' || mustChangePassword) {
    return <ForcedPasswordDialog recovery={user.first_login !== 'Y'} />;
  }
  if (welcome) {
    return (
      <FullAccessWelcomeDialog
        onClose={() => {
          writeFirstLoginFullPlan(false);
          setWelcome(false);
        }}
      />
    );
  }
  // Invitations to other accounts come first; the job title waits for them.
  return (
    <PendingInvitations>
      {user.job_title === null && !jobTitleDismissed && <JobTitleDialog />}
    </PendingInvitations>
  );
}
