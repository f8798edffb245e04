import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Container, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import AgricultureIcon from '@mui/icons-material/Agriculture';
import InsightsIcon from '@mui/icons-material/Insights';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import { useTranslation } from 'react-i18next';
import { CropSeasonsCard } from './crop-seasons-card';

const FEATURES: readonly { key: string; icon: ReactNode }[] = [
  { key: 'programs', icon: <WaterDropIcon /> },
  { key: 'farms', icon: <AgricultureIcon /> },
  { key: 'catalog', icon: <MenuBookIcon /> },
  { key: 'performance', icon: <InsightsIcon /> },
];

/** The public landing page: what Lavoura is, and the crops and seasons it works with. */
export function HomePage() {
  const { t } = useTranslation('home');
  return (
    <>
      <Box
        sx={(theme) => ({
          background: `linear-gradient(180deg, ${alpha(theme.palette.primary.main, 0.08)} 0%, ${theme.palette.background.default} 100%)`,
          py: { xs: 4, md: 8 },
        })}
      >
        <Container
          maxWidth="lg"
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 6 },
            gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' },
            alignItems: 'center',
          }}
        >
          <Box>
            <Typography
              variant="overline"
              color="primary"
              sx={{ fontWeight: 500, letterSpacing: '0.08em' }}
            >
              {t('hero.eyebrow')}
            </Typography>
            <Typography
              variant="h3"
              component="h1"
              sx={{ fontSize: { xs: 30, sm: 38, md: 44 }, lineHeight: 1.15, mt: 1, mb: 2 }}
            >
              {t('hero.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ fontSize: { xs: 16, md: 18 }, mb: 3 }}>
              {t('hero.description')}
            </Typography>
            <Alert severity="info" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
              {t('preview_notice')}
            </Alert>
          </Box>
          <CropSeasonsCard />
        </Container>
      </Box>

      <Container maxWidth="lg" component="section" sx={{ py: { xs: 4, md: 6 } }}>
        <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
          {t('features.title')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          }}
        >
          {FEATURES.map(({ key, icon }) => (
            <Card key={key}>
              <CardContent>
                <Box sx={{ color: 'primary.main', mb: 1.5, display: 'flex' }}>{icon}</Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500, mb: 0.5 }}>
                  {t(`features.${key}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`features.${key}.description`)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </>
  );
}
