import { AppBar, Box, Container, Link, Toolbar } from '@mui/material';
import { Link as RouterLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from './brand';
import { LanguageSelect } from './language-select';

/**
 * The frame of every page until the signed-in shell (drawer, farm selector, account menu) exists:
 * the product name and the language choice.
 */
export function PublicLayout() {
  const { t } = useTranslation('shell');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 2, justifyContent: 'space-between' }}>
            <Link component={RouterLink} to="/" underline="none" aria-label={t('home_link')}>
              <Brand />
            </Link>
            <LanguageSelect />
          </Toolbar>
        </Container>
      </AppBar>
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
