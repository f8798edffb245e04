import type { ReactNode } from 'react';
import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import AgricultureIcon from '@mui/icons-material/Agriculture';
import InsightsIcon from '@mui/icons-material/Insights';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import { COUNTRY_IDS, type Language } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useCrops, useSeasonCrops } from '../../api/reference';
import { useLanguage } from '../../lib/i18n';

const FEATURES: readonly { key: string; icon: ReactNode }[] = [
  { key: 'programs', icon: <WaterDropIcon fontSize="small" /> },
  { key: 'farms', icon: <AgricultureIcon fontSize="small" /> },
  { key: 'catalog', icon: <MenuBookIcon fontSize="small" /> },
  { key: 'performance', icon: <InsightsIcon fontSize="small" /> },
];

/** The market a visitor most likely farms in, from the language they read. */
const COUNTRY_OF_LANGUAGE: Record<Language, number> = {
  pt: COUNTRY_IDS.brazil,
  es: COUNTRY_IDS.paraguay,
  en: COUNTRY_IDS.usa,
};

/**
 * A crop's season as a tag: the look of MUI's Chip (height, radius, type, padding), which would
 * bring its click, delete, avatar and icon handling (about 3 kB gzip) to the login page for a
 * label nobody clicks.
 */
function SeasonTag({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        maxWidth: '100%',
        height: 32,
        borderRadius: '16px',
        bgcolor: 'rgba(255,255,255,0.14)',
        color: 'inherit',
        fontFamily: theme.typography.fontFamily,
        fontSize: theme.typography.pxToRem(13),
        lineHeight: 1.5,
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
        boxSizing: 'border-box',
      })}
    >
      <Box
        component="span"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', px: '12px' }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** The current season of each crop (public reference data), for the visitor's market. */
function CurrentSeasons() {
  const { t } = useTranslation(['auth', 'reference']);
  const language = useLanguage();
  const crops = useCrops();
  const seasons = useSeasonCrops();
  const countryId = COUNTRY_OF_LANGUAGE[language];
  if (crops.isError || seasons.isError) return null;
  return (
    <Box data-testid="login-seasons">
      <Typography variant="overline" sx={{ opacity: 0.8, letterSpacing: '0.08em' }}>
        {t('showcase.seasons')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        {!crops.data || !seasons.data
          ? [0, 1].map((item) => (
              <Skeleton
                key={item}
                variant="rounded"
                width={150}
                height={32}
                sx={{ bgcolor: 'rgba(255,255,255,0.15)' }}
              />
            ))
          : crops.data.map((crop) => {
              const season = seasons.data.find(
                (row) =>
                  row.crop_id === crop.id &&
                  row.country_id === countryId &&
                  row.status === 'current',
              );
              return (
                <SeasonTag key={crop.id}>
                  <Box component="span" sx={{ fontWeight: 500 }}>
                    {t(crop.message_key, { ns: 'reference' })}
                  </Box>
                  <Box component="span" sx={{ opacity: 0.85 }}>
                    {' · '}
                    {season?.season_name ?? t('showcase.no_season')}
                  </Box>
                </SeasonTag>
              );
            })}
      </Stack>
    </Box>
  );
}

/** Beside the sign-in form on wide screens: what Lavoura is (the former public landing page). */
export function LoginShowcase() {
  const { t } = useTranslation(['home', 'auth']);
  return (
    <Box
      data-testid="login-showcase"
      sx={(theme) => ({
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 4,
        p: { md: 6, lg: 8 },
        color: 'primary.contrastText',
        background: `linear-gradient(160deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${alpha(theme.palette.secondary.main, 0.9)} 140%)`,
      })}
    >
      <Box>
        <Typography variant="overline" sx={{ opacity: 0.85, letterSpacing: '0.08em' }}>
          {t('hero.eyebrow')}
        </Typography>
        <Typography
          variant="h3"
          component="p"
          sx={{ fontSize: { md: 34, lg: 40 }, lineHeight: 1.15, mt: 1, mb: 2 }}
        >
          {t('hero.title')}
        </Typography>
        <Typography sx={{ opacity: 0.9, fontSize: 17, maxWidth: 560 }}>
          {t('hero.description')}
        </Typography>
      </Box>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: '1fr 1fr',
          gap: 2,
          maxWidth: 600,
        }}
      >
        {FEATURES.map(({ key, icon }) => (
          <Stack
            key={key}
            component="li"
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'flex-start' }}
          >
            <Box
              aria-hidden
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: 32,
                height: 32,
                flexShrink: 0,
                borderRadius: '50%',
                bgcolor: 'rgba(255,255,255,0.16)',
              }}
            >
              {icon}
            </Box>
            <Box>
              <Typography sx={{ fontWeight: 500 }}>{t(`features.${key}.title`)}</Typography>
              <Typography variant="body2" sx={{ opacity: 0.85 }}>
                {t(`features.${key}.description`)}
              </Typography>
            </Box>
          </Stack>
        ))}
      </Box>
      <CurrentSeasons />
    </Box>
  );
}
