import type { ReactNode } from 'react';
import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AgricultureOutlinedIcon from '@mui/icons-material/AgricultureOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import WaterDropOutlinedIcon from '@mui/icons-material/WaterDropOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentFarm } from '../../app/farm/current-farm-context';
import { useSignedIn } from '../../app/session/signed-in';
import { menuAccess } from '../../shell/menu-entries';
import { CropSeasonsCard } from './crop-seasons-card';
import { MarketCard } from '../shared/market';
import { useFarmStats } from '../../api/farms';
import { ActiveSowings, FarmPlots, FarmSummary } from './farm-overview';

/**
 * The home's shortcuts; each opens its page, and a page the plan or profile keeps closed behaves
 * as its menu entry does (padlocked; the guard opens the plans or says who can change them). A
 * shortcut that creates something also needs the permission to create it (`requires`): an
 * observer is not offered "Create a note". "See fields" opens the farms page, where the plots are
 * drawn and imported.
 */
const QUICK_ACTIONS: readonly { key: string; to: string; icon: ReactNode; requires?: string }[] = [
  { key: 'catalog', to: '/catalog?category=fungicide', icon: <MenuBookOutlinedIcon /> },
  {
    key: 'plan_fungicide',
    to: '/programas',
    icon: <WaterDropOutlinedIcon />,
    requires: 'PLANEJAMENTO_CADASTRAR',
  },
  // `new=1`: the notebook opens with the new-note form.
  {
    key: 'create_note',
    to: '/notes?new=1',
    icon: <EditNoteOutlinedIcon />,
    requires: 'NOTE_CADASTRAR',
  },
  { key: 'fields', to: '/farms', icon: <MapOutlinedIcon /> },
  {
    key: 'register_sowing',
    to: '/sowings',
    icon: <AgricultureOutlinedIcon />,
    requires: 'SEMEADURA_CADASTRAR',
  },
];

function QuickActions() {
  const { t } = useTranslation('home');
  const { user, permissions, can } = useSignedIn();
  const actions = QUICK_ACTIONS.flatMap((action) => {
    const access = menuAccess(action.to, user, permissions);
    if (access === 'hidden') return [];
    // Open, but this profile may only look: nothing to create there.
    if (access === 'open' && action.requires && !can(action.requires)) return [];
    return [{ ...action, access }];
  });
  if (actions.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="quick-actions-title">
      <Typography id="quick-actions-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('quick.title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            lg: `repeat(${actions.length}, minmax(0, 1fr))`,
          },
        }}
      >
        {actions.map((action) => (
          <Card
            key={action.key}
            variant="outlined"
            data-testid={`quick-${action.key}`}
            data-access={action.access}
          >
            <CardActionArea component={RouterLink} to={action.to} sx={{ height: '100%' }}>
              <CardContent
                sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}
              >
                <Stack
                  direction="row"
                  sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                >
                  <Box sx={{ color: 'primary.main', display: 'flex' }}>{action.icon}</Box>
                  {action.access === 'upsell' ? (
                    <LockOutlinedIcon
                      data-testid="upsell-hint"
                      sx={{ fontSize: 18, color: 'text.secondary' }}
                      titleAccess={t('quick.upsell')}
                    />
                  ) : (
                    <ArrowForwardIcon sx={{ fontSize: 18, color: 'text.disabled' }} aria-hidden />
                  )}
                </Stack>
                <Typography sx={{ fontWeight: 500 }}>{t(`quick.${action.key}.title`)}</Typography>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ display: { xs: 'none', sm: 'block' } }}
                >
                  {t(`quick.${action.key}.description`)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

/** The time of day's greeting, in the browser's clock. */
function greetingKey(hour: number): string {
  if (hour < 12) return 'greeting.morning';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}

/**
 * /my_farm (also /): the signed-in home. Greeting, shortcuts, the current farm with its plots on
 * a map and in a list, its active sowings, and the crops' current seasons in its country.
 */
export function HomePage() {
  const { t } = useTranslation(['home', 'reference']);
  const { user, can } = useSignedIn();
  const { farm } = useCurrentFarm();
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  const seasonsCountry = farm?.pais.id ?? user.account.country_id;
  const showFarm = can('farm.list');
  const stats = useFarmStats(showFarm && farm && can('FAZENDA_VISUALIZAR') ? farm.id : null);
  const withPlots = showFarm && farm !== null && can('TALHAO_LISTAR');
  // On a phone the day's work (the sowings with their sprayings, the soonest first) opens the
  // page, above the shortcuts; on wider screens it sits beside the plots.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const sowings = showFarm && farm ? <ActiveSowings stats={stats} /> : null;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="my-farm">
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
          {t(greetingKey(new Date().getHours()), { name: firstName })}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mt: 1 }}
        >
          <Typography color="text.secondary">{user.account.name}</Typography>
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={t('plan_chip', { plan: t(user.plan.message_key, { ns: 'reference' }) })}
          />
          <Chip
            size="small"
            variant="outlined"
            label={t(user.user_profile.message_key, { ns: 'reference' })}
          />
        </Stack>
      </Box>
      {phone && sowings}
      <QuickActions />
      {showFarm && <FarmSummary stats={stats} />}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            lg: withPlots ? 'minmax(0, 1.7fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
          },
          alignItems: 'start',
        }}
      >
        {withPlots ? <FarmPlots farm={farm} stats={stats.data} /> : null}
        <Stack spacing={3}>
          {phone ? null : sowings}
          {/* The seasons of the farm's country; a farm switch to another country starts over. */}
          <CropSeasonsCard key={seasonsCountry} initialCountryId={seasonsCountry} />
          <MarketCard />
        </Stack>
      </Box>
    </Stack>
  );
}
