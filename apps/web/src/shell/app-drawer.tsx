import { lazy, Suspense, useRef, type MouseEvent as ReactMouseEvent, type RefObject } from 'react';
import {
  Alert,
  Box,
  Button,
  ClickAwayListener,
  Collapse,
  Divider,
  Drawer,
  IconButton,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Skeleton,
  Slide,
  Toolbar,
  Typography,
} from '@mui/material';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { dailyUseLimit, formatTruncated, toDisplayUnit, unitOf } from '@lavoura/domain';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePlots } from '../api/farms';
import { useCurrentFarm } from '../app/farm/current-farm-context';
import { loadNamespaces, useLanguage } from '../lib/i18n';
import { useLogout } from '../app/session/session-actions';
import { useSignedIn } from '../app/session/signed-in';
import { Brand } from './brand';
import { isCurrent, visibleMenu, type VisibleGroup, type VisibleLink } from './menu-entries';
import { termsCountryOf, termsPath } from './terms';
import type { DrawerState } from './use-drawer-state';

// The free-usage card, its query and texts load only for Freemium accounts.
const FreemiumCard = lazy(async () => {
  const [module] = await Promise.all([import('./freemium-card'), loadNamespaces(['plans'])]);
  return { default: module.FreemiumCard };
});

export const DRAWER_WIDTH = 264;
const SUB_DRAWER_WIDTH = 260;

/** The back office lives outside this app; its address comes with the deployment. */
const ADMIN_PANEL_URL = import.meta.env.VITE_ADMIN_PANEL_URL as string | undefined;

function UpsellHint() {
  const { t } = useTranslation('shell');
  return (
    <LockOutlinedIcon
      data-testid="upsell-hint"
      titleAccess={t('menu.upsell_hint')}
      sx={{ fontSize: 16, color: 'text.disabled', ml: 1 }}
    />
  );
}

function LinkItem({
  link,
  nested,
  onNavigate,
}: {
  link: VisibleLink;
  nested?: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('shell');
  const { pathname, search } = useLocation();
  const Icon = link.icon;
  return (
    <ListItemButton
      component={RouterLink}
      to={link.to}
      selected={isCurrent(link.to, pathname, search)}
      onClick={onNavigate}
      data-access={link.access}
      sx={{ borderRadius: 2, mb: 0.25, pl: nested ? 2 : 1.5 }}
    >
      {Icon && (
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon />
        </ListItemIcon>
      )}
      <ListItemText primary={t(`menu.${link.key}`)} />
      {link.access === 'upsell' && <UpsellHint />}
    </ListItemButton>
  );
}

/** An area the language's way: "12,5 ha" in pt and es, "30.9 ac" in English. */
function useAreaText() {
  const language = useLanguage();
  return (hectares: number) =>
    `${formatTruncated(toDisplayUnit('area', hectares, language), 2, language)} ${unitOf('area', language)}`;
}

/**
 * The field group's plots: the current farm's enabled plots, newest first (the API's order), each
 * opening its page; the spec's warning when there are none.
 */
function FieldPlotsSlot({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  const { can } = useSignedIn();
  const { farms, farm } = useCurrentFarm();
  const { pathname, search } = useLocation();
  const areaText = useAreaText();
  const plots = usePlots(farm?.id ?? null, { enabledOnly: true, enabled: can('TALHAO_LISTAR') });

  const loading = farms.isLoading || plots.isLoading;
  if (loading) {
    return (
      <Box sx={{ px: 1.5, py: 1 }} role="status" aria-label={t('menu.plots_loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={36} />
        ))}
      </Box>
    );
  }
  if (plots.isError) {
    return (
      <Alert
        severity="error"
        variant="outlined"
        sx={{ mx: 1, my: 1 }}
        data-testid="plots-error"
        action={
          <Button color="inherit" size="small" onClick={() => void plots.refetch()}>
            {t('menu.plots_retry')}
          </Button>
        }
      >
        {t('menu.plots_error')}
      </Alert>
    );
  }
  if (!farm || !plots.data || plots.data.length === 0) {
    return (
      <Alert severity="info" variant="outlined" sx={{ mx: 1, my: 1 }} data-testid="no-plots">
        {t('menu.no_plots')}
      </Alert>
    );
  }
  return (
    <Box data-testid="menu-plots">
      {plots.data.map((plot) => {
        const to = `/field?plot_id=${plot.id}&fazenda_id=${farm.id}`;
        return (
          <ListItemButton
            key={plot.id}
            component={RouterLink}
            to={to}
            selected={isCurrent(to, pathname, search)}
            onClick={onNavigate}
            sx={{ borderRadius: 2, mb: 0.25, pl: 2 }}
            data-testid={`menu-plot-${plot.id}`}
          >
            <ListItemText
              primary={plot.nome}
              secondary={areaText(plot.area)}
              slotProps={{ primary: { noWrap: true } }}
            />
          </ListItemButton>
        );
      })}
    </Box>
  );
}

function GroupLinks({ group, onNavigate }: { group: VisibleGroup; onNavigate: () => void }) {
  return (
    <>
      {group.plotsOf && <FieldPlotsSlot onNavigate={onNavigate} />}
      {group.children.map((child) => (
        <LinkItem key={child.key} link={child} nested onNavigate={onNavigate} />
      ))}
    </>
  );
}

/** A group's pages beside the drawer (wide screens). */
function SubDrawer({
  group,
  drawerPaper,
  onClose,
}: {
  group: VisibleGroup | undefined;
  drawerPaper: RefObject<HTMLDivElement | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <Slide direction="right" in={!!group} mountOnEnter unmountOnExit>
      <Box>
        {group && (
          <ClickAwayListener
            onClickAway={(event) => {
              // The drawer's own group buttons open and close it themselves.
              if (drawerPaper.current?.contains(event.target as Node)) return;
              onClose();
            }}
          >
            <Paper
              square
              elevation={6}
              component="nav"
              aria-label={t(`menu.${group.key}`)}
              data-testid="sub-drawer"
              onKeyDown={(event) => {
                if (event.key === 'Escape') onClose();
              }}
              sx={(theme) => ({
                position: 'fixed',
                top: 0,
                bottom: 0,
                left: DRAWER_WIDTH,
                width: SUB_DRAWER_WIDTH,
                zIndex: theme.zIndex.drawer - 1,
                display: 'flex',
                flexDirection: 'column',
                borderLeft: 1,
                borderColor: 'divider',
              })}
            >
              <Toolbar sx={{ justifyContent: 'space-between', px: '16px !important' }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
                  {t(`menu.${group.key}`)}
                </Typography>
                <IconButton edge="end" onClick={onClose} aria-label={t('menu.close_group')}>
                  <CloseIcon />
                </IconButton>
              </Toolbar>
              <Divider />
              <List component="div" sx={{ px: 1, overflowY: 'auto' }}>
                <GroupLinks group={group} onNavigate={onClose} />
              </List>
            </Paper>
          </ClickAwayListener>
        )}
      </Box>
    </Slide>
  );
}

/**
 * The left drawer: logo, the spec's menu entries as this user may see them, groups that open a
 * sub-drawer (inline on a phone), and the terms of use, admin panel and logout at the bottom.
 */
export function AppDrawer({ state, wide }: { state: DrawerState; wide: boolean }) {
  const { t } = useTranslation('shell');
  const language = useLanguage();
  const { user, permissions, can } = useSignedIn();
  const logout = useLogout();
  const drawerPaper = useRef<HTMLDivElement | null>(null);
  const entries = visibleMenu(user, permissions);
  const groups = entries.filter((entry): entry is VisibleGroup => entry.kind === 'group');
  const openGroup = groups.find((group) => group.key === state.subDrawer);
  const { pathname, search } = useLocation();

  // On a phone the drawer closes once a page is chosen (after its group, the spec's delay).
  const afterNavigate = () => {
    if (wide) state.closeSubDrawer();
    else state.close();
  };
  const toggleGroup = (event: ReactMouseEvent, key: string) => {
    event.stopPropagation();
    state.openSubDrawer(key);
  };

  // The whole drawer is the navigation landmark. Its lists are plain containers: their entries
  // are links and buttons, which a <ul> may not hold directly.
  const content = (
    <Box
      component="nav"
      aria-label={t('menu.label')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Toolbar sx={{ px: '20px !important' }}>
        <Link component={RouterLink} to="/my_farm" underline="none" aria-label={t('home_link')}>
          <Brand />
        </Link>
      </Toolbar>
      <Divider />
      <List component="div" sx={{ flex: 1, overflowY: 'auto', p: 1 }}>
        {entries.map((entry) =>
          entry.kind === 'link' ? (
            <LinkItem key={entry.key} link={entry} onNavigate={afterNavigate} />
          ) : (
            <Box key={entry.key}>
              <ListItemButton
                onClick={(event) => toggleGroup(event, entry.key)}
                selected={
                  state.subDrawer === entry.key ||
                  entry.children.some((child) => isCurrent(child.to, pathname, search))
                }
                aria-expanded={state.subDrawer === entry.key}
                data-access={entry.access}
                sx={{ borderRadius: 2, mb: 0.25, pl: 1.5 }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <entry.icon />
                </ListItemIcon>
                <ListItemText primary={t(`menu.${entry.key}`)} />
                {entry.access === 'upsell' && <UpsellHint />}
                {wide ? (
                  <ChevronRightIcon sx={{ color: 'text.secondary' }} />
                ) : state.subDrawer === entry.key ? (
                  <ExpandLessIcon sx={{ color: 'text.secondary' }} />
                ) : (
                  <ExpandMoreIcon sx={{ color: 'text.secondary' }} />
                )}
              </ListItemButton>
              {!wide && (
                <Collapse in={state.subDrawer === entry.key} unmountOnExit>
                  <List component="div" disablePadding sx={{ pl: 2 }}>
                    <GroupLinks group={entry} onNavigate={afterNavigate} />
                  </List>
                </Collapse>
              )}
            </Box>
          ),
        )}
      </List>
      {dailyUseLimit(user.plan.priority_level) !== null && (
        <Suspense fallback={null}>
          <FreemiumCard onNavigate={afterNavigate} />
        </Suspense>
      )}
      <Divider />
      <List component="div" dense sx={{ p: 1 }}>
        {can('admin') && (
          <ListItemButton
            component="a"
            href={ADMIN_PANEL_URL}
            target="_blank"
            rel="noopener"
            disabled={!ADMIN_PANEL_URL}
            sx={{ borderRadius: 2 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <AdminPanelSettingsOutlinedIcon />
            </ListItemIcon>
            <ListItemText
              primary={t('menu.admin_panel')}
              secondary={ADMIN_PANEL_URL ? undefined : t('coming_soon')}
            />
          </ListItemButton>
        )}
        <ListItemButton
          component={RouterLink}
          to={termsPath(termsCountryOf(user.account.country_id), language)}
          target="_blank"
          rel="noopener"
          sx={{ borderRadius: 2 }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <DescriptionOutlinedIcon />
          </ListItemIcon>
          <ListItemText primary={t('menu.terms')} />
        </ListItemButton>
        <ListItemButton onClick={() => void logout()} sx={{ borderRadius: 2 }}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <LogoutIcon />
          </ListItemIcon>
          <ListItemText primary={t('account.logout')} />
        </ListItemButton>
      </List>
    </Box>
  );

  const paperSx = {
    width: DRAWER_WIDTH,
    boxSizing: 'border-box' as const,
    borderRight: 1,
    borderColor: 'divider',
  };

  if (!wide) {
    return (
      <Drawer
        variant="temporary"
        open={state.open}
        onClose={state.close}
        ModalProps={{ keepMounted: true }}
        // On a phone the drawer is a modal dialog: it is named like the navigation it holds.
        slotProps={{ paper: { sx: paperSx, 'aria-label': t('menu.label') } }}
        data-testid="app-drawer"
      >
        {content}
      </Drawer>
    );
  }
  return (
    <>
      <Drawer
        variant="persistent"
        open={state.open}
        sx={{ width: state.open ? DRAWER_WIDTH : 0, flexShrink: 0, transition: 'width 225ms' }}
        slotProps={{ paper: { sx: paperSx, ref: drawerPaper } }}
        data-testid="app-drawer"
      >
        {content}
      </Drawer>
      <SubDrawer group={openGroup} drawerPaper={drawerPaper} onClose={state.closeSubDrawer} />
    </>
  );
}
