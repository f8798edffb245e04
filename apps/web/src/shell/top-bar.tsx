import {
  AppBar,
  Box,
  Breadcrumbs,
  Button,
  IconButton,
  Link,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import { COUNTRY_IDS } from '@lavoura/domain';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../app/session/signed-in';
import { AccountMenu } from './account-menu';
import { Brand, LavouraMark } from './brand';
import { FEEDBACK_EMAIL, contactMailto } from './contact';
import { FarmSelectorSlot, showsFarmSelector } from './farm-selector-slot';
import { OutboxButton } from './offline-status';
import { HelpMenu } from './help-menu';
import { breadcrumbsOf } from './menu-entries';
import { useShellUi } from './shell-ui';

function ShellBreadcrumbs() {
  const { t } = useTranslation('shell');
  const { pathname, search } = useLocation();
  const crumbs = breadcrumbsOf(pathname, search);
  if (crumbs.length === 0) return null;
  return (
    <Breadcrumbs
      aria-label={t('breadcrumbs')}
      sx={{ display: { xs: 'none', md: 'flex' }, minWidth: 0 }}
      data-testid="breadcrumbs"
    >
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography key={crumb} color="text.primary" sx={{ fontWeight: 500 }} noWrap>
            {t(`crumb.${crumb}`)}
          </Typography>
        ) : (
          <Typography key={crumb} color="text.secondary" noWrap>
            {t(`crumb.${crumb}`)}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}

/** The top bar of the spec: menu toggle, breadcrumbs, farm selector, feedback, upgrade, menus. */
export function TopBar({
  drawerOpen,
  onToggleMenu,
  wide,
  offset,
}: {
  drawerOpen: boolean;
  onToggleMenu: () => void;
  wide: boolean;
  /** The drawer's width beside the bar (wide screens, drawer open). */
  offset: number;
}) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const { user, permissions, can } = useSignedIn();
  const { openPlans } = useShellUi();
  const showBrand = !wide || !drawerOpen;
  const farmSelector = showsFarmSelector(pathname, can('farm.list'));

  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        width: { md: `calc(100% - ${offset}px)` },
        ml: { md: `${offset}px` },
        transition: 'width 225ms, margin 225ms',
      }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
        <Tooltip title={t(drawerOpen ? 'menu.close' : 'menu.open')}>
          <IconButton
            onClick={onToggleMenu}
            aria-label={t(drawerOpen ? 'menu.close' : 'menu.open')}
            aria-expanded={drawerOpen}
            data-testid="menu-toggle"
          >
            {drawerOpen && wide ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        {showBrand && (
          <Link
            component={RouterLink}
            to="/my_farm"
            underline="none"
            aria-label={t('home_link')}
            sx={{ display: 'flex' }}
          >
            {/* On a phone the farm selector needs the room of the word mark. */}
            {!wide && farmSelector ? (
              <LavouraMark color="primary" sx={{ fontSize: 32 }} />
            ) : (
              <Brand />
            )}
          </Link>
        )}
        <ShellBreadcrumbs />
        {farmSelector && <FarmSelectorSlot />}
        <Box sx={{ flex: 1 }} />
        {user.account.country_id === COUNTRY_IDS.usa &&
          (wide ? (
            <Button
              component="a"
              href={contactMailto(t('feedback.subject'), FEEDBACK_EMAIL)}
              color="inherit"
              startIcon={<RateReviewOutlinedIcon />}
              data-testid="feedback-button"
            >
              {t('feedback.label')}
            </Button>
          ) : (
            <IconButton
              component="a"
              href={contactMailto(t('feedback.subject'), FEEDBACK_EMAIL)}
              aria-label={t('feedback.label')}
              data-testid="feedback-button"
            >
              <RateReviewOutlinedIcon />
            </IconButton>
          ))}
        {permissions !== null &&
          !can('menu.panel') &&
          (wide ? (
            <Button
              variant="contained"
              color="secondary"
              size="small"
              onClick={openPlans}
              startIcon={<RocketLaunchOutlinedIcon />}
              sx={{ whiteSpace: 'nowrap' }}
              data-testid="upgrade-button"
            >
              {t('upgrade')}
            </Button>
          ) : (
            <Tooltip title={t('upgrade')}>
              <IconButton
                onClick={openPlans}
                aria-label={t('upgrade')}
                color="secondary"
                data-testid="upgrade-button"
              >
                <RocketLaunchOutlinedIcon />
              </IconButton>
            </Tooltip>
          ))}
        <OutboxButton />
        <HelpMenu />
        <AccountMenu compact={!wide} />
      </Toolbar>
    </AppBar>
  );
}
