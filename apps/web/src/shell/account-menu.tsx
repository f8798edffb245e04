import { lazy, Suspense, useState } from 'react';
import {
  Avatar,
  Box,
  Button,
  Chip,
  Collapse,
  Divider,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  MenuItem,
  MenuList,
  Popover,
  Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { ERROR_KEYS, LANGUAGES } from '@lavoura/domain';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http';
import { useAccountsQuery } from '../api/session';
import { loadNamespaces, useLanguage } from '../lib/i18n';
import { useChangeLanguage, useLogout, useSwitchAccount } from '../app/session/session-actions';
import { useSignedInState } from '../app/session/session-store';
import { useSignedIn } from '../app/session/signed-in';
import { useShellUi } from './shell-ui';
import { visuallyHidden } from './visually-hidden';

// The subscription (its query, texts and card names) loads when the menu first opens.
const SubscriptionSummary = lazy(async () => {
  const [module] = await Promise.all([import('./subscription-summary'), loadNamespaces(['plans'])]);
  return { default: module.SubscriptionSummary };
});

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * The account menu of the spec: manage users (with user.list), edit profile, switch account (with
 * several accounts), language, change password, logout.
 */
export function AccountMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation(['shell', 'reference', 'common']);
  const navigate = useNavigate();
  const language = useLanguage();
  const { user, can } = useSignedIn();
  const { openChangePassword, notify } = useShellUi();
  const accounts = useAccountsQuery(useSignedInState());
  const logout = useLogout();
  const switchAccount = useSwitchAccount();
  const changeLanguage = useChangeLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [accountsOpen, setAccountsOpen] = useState(false);
  const [switching, setSwitching] = useState(false);
  const list = accounts.data ?? [];
  const close = () => {
    setAnchor(null);
    setAccountsOpen(false);
  };
  const go = (path: string) => {
    close();
    void navigate(path);
  };
  const chooseAccount = async (id: number, current: boolean) => {
    // The spec: choosing the current account is ignored.
    if (current || switching) {
      close();
      return;
    }
    close();
    setSwitching(true);
    try {
      await switchAccount(id);
    } catch (error) {
      notify({ key: error instanceof ApiError ? error.key : ERROR_KEYS.unexpected });
    } finally {
      setSwitching(false);
    }
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        endIcon={compact ? undefined : <ExpandMoreIcon />}
        sx={{ minWidth: 0, px: compact ? 0.5 : 1, borderRadius: 5 }}
        data-testid="account-menu-button"
      >
        <Avatar aria-hidden sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 14 }}>
          {initialsOf(user.name)}
        </Avatar>
        {/* The button's name is what it shows (name and account); on a phone, where only the
            initials show, a text for screen readers (an aria-label would not match the initials). */}
        {compact && (
          <Box component="span" sx={visuallyHidden}>
            {t('account.menu_label', { name: user.name })}
          </Box>
        )}
        {!compact && (
          <Box sx={{ textAlign: 'left', ml: 1, lineHeight: 1.2, maxWidth: 180 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
              {user.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {user.account.name}
            </Typography>
          </Box>
        )}
      </Button>
      <Popover
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        // The menu opens at the end of <body>: a named region keeps it inside a landmark.
        slotProps={{
          paper: {
            role: 'region',
            'aria-label': t('account.menu_label', { name: user.name }),
            sx: { width: 300, maxWidth: 'calc(100vw - 24px)' },
          },
        }}
      >
        {/* Who is signed in: text above the menu, not an entry of it (a menu holds only items). */}
        <Box sx={{ px: 2, pt: 1.5, pb: 1.5 }}>
          <Typography sx={{ fontWeight: 500 }} noWrap>
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
            <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
              {user.account.name}
            </Typography>
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={t(user.plan.message_key, { ns: 'reference' })}
            />
          </Box>
          {anchor !== null && (
            <Box sx={{ mt: 1 }}>
              <Suspense fallback={null}>
                <SubscriptionSummary />
              </Suspense>
            </Box>
          )}
        </Box>
        <Divider />
        <MenuList
          autoFocusItem={anchor !== null}
          aria-label={t('account.menu_label', { name: user.name })}
        >
          <MenuItem disabled={!can('user.list')} onClick={() => go('/users')}>
            <ListItemIcon>
              <PeopleOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('account.manage_users')}</ListItemText>
          </MenuItem>
          <MenuItem onClick={() => go('/profile')}>
            <ListItemIcon>
              <ManageAccountsOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('account.edit_profile')}</ListItemText>
          </MenuItem>
          {list.length > 1 && (
            <MenuItem
              onClick={() => setAccountsOpen((open) => !open)}
              aria-expanded={accountsOpen}
              disabled={switching}
            >
              <ListItemIcon>
                <SwapHorizIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('account.switch_account')}</ListItemText>
              {accountsOpen ? (
                <ExpandLessIcon fontSize="small" />
              ) : (
                <ExpandMoreIcon fontSize="small" />
              )}
            </MenuItem>
          )}
          {list.length > 1 && (
            <Collapse in={accountsOpen} unmountOnExit role="group">
              {list.map((account) => (
                <MenuItem
                  key={account.id}
                  dense
                  selected={account.current}
                  onClick={() => void chooseAccount(account.id, account.current)}
                  sx={{ pl: 7 }}
                  data-testid={`account-${account.id}`}
                >
                  <ListItemText slotProps={{ primary: { noWrap: true } }}>
                    {account.name}
                  </ListItemText>
                  {account.current && <CheckIcon fontSize="small" color="primary" />}
                </MenuItem>
              ))}
            </Collapse>
          )}
          <MenuItem
            onClick={() => {
              close();
              openChangePassword();
            }}
          >
            <ListItemIcon>
              <KeyOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('account.change_password')}</ListItemText>
          </MenuItem>
          <Divider />
          <ListSubheader
            component="div"
            role="none"
            id="account-menu-language"
            sx={{ lineHeight: '32px' }}
          >
            {t('language.label', { ns: 'common' })}
          </ListSubheader>
          <Box role="group" aria-labelledby="account-menu-language">
            {LANGUAGES.map((code) => (
              <MenuItem
                key={code}
                dense
                lang={code}
                selected={code === language}
                onClick={() => {
                  close();
                  if (code !== language) void changeLanguage(code);
                }}
                sx={{ pl: 7 }}
              >
                <ListItemText>{t(`language.${code}`, { ns: 'common' })}</ListItemText>
                {code === language && <CheckIcon fontSize="small" color="primary" />}
              </MenuItem>
            ))}
          </Box>
          <Divider />
          <MenuItem
            onClick={() => {
              close();
              void logout();
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('account.logout')}</ListItemText>
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}
