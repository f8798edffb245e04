import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { useQueryClient } from '@tanstack/react-query';
import { ERROR_KEYS, memberAccess } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useFarms } from '../../api/farms';
import { ApiError } from '../../api/http';
import { useJobTitles, useProfiles } from '../../api/reference';
import { sessionKeys } from '../../api/session';
import { deleteMember, setMemberActive, useMembers, userKeys, type Member } from '../../api/users';
import { useSignedIn } from '../../app/session/signed-in';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { ConfirmDeleteDialog } from '../../shell/confirm-delete-dialog';
import { useShellUi } from '../../shell/shell-ui';
import { visuallyHidden } from '../../shell/visually-hidden';
import { MemberFarms } from './farm-picker';
import { MemberDialog } from './member-dialog';

function errorKey(error: unknown): string {
  return error instanceof ApiError ? error.key : ERROR_KEYS.unexpected;
}

function ConfirmDelete({
  member,
  onClose,
  onDeleted,
}: {
  member: Member;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('users');
  return (
    <ConfirmDeleteDialog
      id="delete"
      title={t('delete.title', { name: member.name })}
      description={t('delete.description')}
      cancelLabel={t('delete.cancel')}
      confirmLabel={t('delete.confirm')}
      remove={() => deleteMember(member.id)}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}

/** /users: the account's users, their profile, job title and activity, within max_users. */
export function UsersPage() {
  const { t } = useTranslation(['users', 'errors', 'reference']);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const queryClient = useQueryClient();
  const { user, can } = useSignedIn();
  const { notify } = useShellUi();
  const members = useMembers();
  const profiles = useProfiles();
  const jobTitles = useJobTitles();
  const farms = useFarms();
  const [editing, setEditing] = useState<Member | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Member | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);

  const maxUsers = user.account.max_users;
  const active = members.data?.filter((member) => member.active).length ?? 0;
  const canCreate = can('USER_CADASTRAR');
  // The same rule the API's users policy refuses by (nobody deactivates or removes themself).
  const accessTo = (member: Member) =>
    memberAccess(
      { userId: user.id, planLevel: user.plan.priority_level, can },
      {
        userId: member.id,
      },
    );
  const assignable = (profiles.data ?? []).filter(
    (profile) => !profile.internal && profile.uid !== 'ADMIN',
  );
  const profileName = (member: Member) => t(member.profile.message_key, { ns: 'reference' });
  const memberFarms = (member: Member) => (
    <MemberFarms
      allFarms={profiles.data?.find((item) => item.id === member.profile.id)?.all_farms ?? false}
      farmIds={member.farm_ids}
      farms={farms}
    />
  );
  const jobTitleName = (member: Member) => {
    const title = jobTitles.data?.find((item) => item.id === member.job_title_id);
    return title ? t(title.message_key, { ns: 'reference' }) : t('no_job_title');
  };

  const replaceMember = (saved: Member) =>
    queryClient.setQueryData<Member[]>(userKeys.all, (list) =>
      list?.map((member) => (member.id === saved.id ? saved : member)),
    );

  const toggleActive = async (member: Member) => {
    setToggling(member.id);
    try {
      const saved = await setMemberActive(member.id, !member.active);
      replaceMember(saved);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.user });
      notify({
        key: saved.active ? 'activated' : 'deactivated',
        ns: 'users',
        severity: 'success',
        values: { name: saved.name },
      });
    } catch (error) {
      notify({ key: errorKey(error), values: { max_users: maxUsers } });
    } finally {
      setToggling(null);
    }
  };

  const actions = (member: Member) => {
    const access = accessTo(member);
    return (
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
        {access.manage && (
          <Tooltip title={t('edit')}>
            <IconButton
              onClick={() => setEditing(member)}
              aria-label={t('edit_named', { name: member.name })}
            >
              <EditOutlinedIcon />
            </IconButton>
          </Tooltip>
        )}
        {access.remove && (
          <Tooltip title={t('delete.action')}>
            <IconButton
              onClick={() => setDeleting(member)}
              aria-label={t('delete.action_named', { name: member.name })}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    );
  };

  const activeSwitch = (member: Member) => {
    const self = member.id === user.id;
    const access = accessTo(member);
    return (
      <Tooltip title={self ? t('cannot_change_self') : ''}>
        <span>
          <Switch
            checked={member.active}
            disabled={!access.activate || toggling === member.id}
            onChange={() => void toggleActive(member)}
            slotProps={{
              input: {
                'aria-label': t(member.active ? 'deactivate_named' : 'activate_named', {
                  name: member.name,
                }),
              },
            }}
          />
        </span>
      </Tooltip>
    );
  };

  const badges = (member: Member) => (
    <>
      {member.id === user.id && <Chip size="small" label={t('you')} sx={{ ml: 1 }} />}
      {member.invited ? (
        <Chip
          size="small"
          color="info"
          variant="outlined"
          label={t('invitation_pending')}
          // info.main text on white is below the 4.5:1 contrast small text needs.
          sx={{ ml: 1, color: 'info.dark' }}
          data-testid="invitation-pending"
        />
      ) : (
        !member.activated && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            label={t('pending_activation')}
            sx={{ ml: 1 }}
          />
        )
      )}
    </>
  );

  return (
    <Stack spacing={3} sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="users-page">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }} data-testid="users-count">
            {members.isSuccess ? t('count', { active, max: maxUsers }) : t('subtitle')}
          </Typography>
          {members.isSuccess && (
            <LinearProgress
              variant="determinate"
              value={Math.min(100, (active / Math.max(maxUsers, 1)) * 100)}
              color={active >= maxUsers ? 'warning' : 'primary'}
              sx={{ mt: 1, width: 240, height: 6, borderRadius: 3 }}
              aria-label={t('count', { active, max: maxUsers })}
            />
          )}
        </Box>
        {canCreate && (
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1OutlinedIcon />}
            onClick={() => setEditing('new')}
            disabled={!profiles.isSuccess}
          >
            {t('new_user')}
          </Button>
        )}
      </Stack>

      {members.isSuccess && active >= maxUsers && (
        <Alert severity="warning" data-testid="users-limit-reached">
          {t('limit_reached', { max: maxUsers })}
        </Alert>
      )}

      {members.isError ? (
        <ApiErrorAlert
          error={members.error}
          onRetry={() => void members.refetch()}
          retryLabel={t('retry')}
        />
      ) : !members.isSuccess ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="users-loading">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={48} />
          ))}
        </Paper>
      ) : narrow ? (
        <Stack spacing={1.5}>
          {members.data.map((member) => (
            <Card key={member.id} sx={{ p: 2 }} data-testid={`member-${member.id}`}>
              <Stack
                direction="row"
                sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
              >
                <Box sx={{ minWidth: 0 }}>
                  {/* A div: the badges (chips) are divs, which a paragraph cannot hold. */}
                  <Typography component="div" sx={{ fontWeight: 500 }}>
                    {member.name}
                    {badges(member)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {member.email}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {profileName(member)} · {jobTitleName(member)}
                  </Typography>
                  <Typography variant="body2" data-testid="member-farms">
                    {t('column.farms')}: {memberFarms(member)}
                  </Typography>
                </Box>
                {activeSwitch(member)}
              </Stack>
              {actions(member)}
            </Card>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('column.name')}</TableCell>
                <TableCell>{t('column.email')}</TableCell>
                <TableCell>{t('column.profile')}</TableCell>
                <TableCell>{t('column.job_title')}</TableCell>
                <TableCell>{t('column.farms')}</TableCell>
                <TableCell>{t('column.active')}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t('column.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {members.data.map((member) => (
                <TableRow key={member.id} hover data-testid={`member-${member.id}`}>
                  <TableCell sx={{ fontWeight: 500 }}>
                    {member.name}
                    {badges(member)}
                  </TableCell>
                  <TableCell>{member.email}</TableCell>
                  <TableCell>{profileName(member)}</TableCell>
                  <TableCell>{jobTitleName(member)}</TableCell>
                  <TableCell data-testid="member-farms">{memberFarms(member)}</TableCell>
                  <TableCell>{activeSwitch(member)}</TableCell>
                  <TableCell align="right">{actions(member)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {editing !== null && (
        <MemberDialog
          member={editing === 'new' ? null : editing}
          changeProfile={editing === 'new' || accessTo(editing).changeProfile}
          profiles={assignable}
          maxUsers={maxUsers}
          accountCountryId={user.account.country_id}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            // A person who already uses Lavoura is invited: they join once they accept.
            notify({
              key: editing !== 'new' ? 'saved' : saved.invited ? 'invited' : 'created',
              ns: 'users',
              severity: 'success',
              values: { name: saved.name, email: saved.email },
            });
            setEditing(null);
          }}
        />
      )}
      {deleting && (
        <ConfirmDelete
          member={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            const name = deleting.name;
            setDeleting(null);
            void queryClient.invalidateQueries({ queryKey: userKeys.all });
            void queryClient.invalidateQueries({ queryKey: sessionKeys.user });
            notify({ key: 'deleted', ns: 'users', severity: 'success', values: { name } });
          }}
        />
      )}
    </Stack>
  );
}
