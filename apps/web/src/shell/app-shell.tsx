import { Box, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import type { Namespace } from '@lavoura/i18n/web';
import { GuardedOutlet } from '../app/guard/signed-in-guard';
import { AppDrawer, DRAWER_WIDTH } from './app-drawer';
import { FarmDisabledBanner } from './farm-disabled-banner';
import { OfflineBanner } from './offline-status';
import { SessionFrame } from './session-frame';
import { TemporaryPasswordBanner } from './temporary-password-banner';
import { TopBar } from './top-bar';
import { useDrawerState } from './use-drawer-state';

/**
 * Texts the signed-in frame needs beyond the shell's: the forced password change form, and the
 * API's error texts, which any signed-in page may tell.
 */
export const SIGNED_IN_NAMESPACES: readonly Namespace[] = ['auth', 'errors'];

function ShellLayout() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const drawer = useDrawerState(wide);
  const offset = wide && drawer.open ? DRAWER_WIDTH : 0;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar drawerOpen={drawer.open} onToggleMenu={drawer.toggle} wide={wide} offset={offset} />
      <AppDrawer state={drawer} wide={wide} />
      <Box component="main" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box sx={{ flex: 1, px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}>
          <OfflineBanner />
          <TemporaryPasswordBanner />
          <FarmDisabledBanner />
          <GuardedOutlet />
        </Box>
      </Box>
    </Box>
  );
}

/** The signed-in application: drawer, top bar, modals and warnings around the routed page. */
export function AppShell() {
  return (
    <SessionFrame>
      <ShellLayout />
    </SessionFrame>
  );
}

/** Signed-in pages outside the shell (the spec's /reports/ pages): the same guard, no chrome. */
export function BareLayout() {
  return (
    <SessionFrame>
      <Box component="main" sx={{ minHeight: '100vh', p: { xs: 2, sm: 3 } }}>
        <GuardedOutlet />
      </Box>
    </SessionFrame>
  );
}
