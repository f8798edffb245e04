import { useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Skeleton,
  Stack,
  Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AgricultureOutlinedIcon from '@mui/icons-material/AgricultureOutlined';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import GrassOutlinedIcon from '@mui/icons-material/GrassOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SyncProblemOutlinedIcon from '@mui/icons-material/SyncProblemOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Farm } from '../api/farms';
import { selectableFarms } from '../app/farm/current-farm';
import { useCurrentFarm } from '../app/farm/current-farm-context';
import { useSignedIn } from '../app/session/signed-in';

/** The spec's icons of a farm: a sowing in progress, applications due soon. */
export function FarmStatusIcons({ farm }: { farm: Farm }) {
  const { t } = useTranslation('shell');
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {farm.active_sowing && (
        <Tooltip title={t('farm.active_sowing')}>
          <GrassOutlinedIcon
            fontSize="small"
            color="primary"
            titleAccess={t('farm.active_sowing')}
            data-testid="farm-active-sowing"
          />
        </Tooltip>
      )}
      {farm.closets_applications && (
        <Tooltip title={t('farm.closets_applications')}>
          <EventAvailableOutlinedIcon
            fontSize="small"
            color="secondary"
            titleAccess={t('farm.closets_applications')}
            data-testid="farm-closets-applications"
          />
        </Tooltip>
      )}
    </Stack>
  );
}

/**
 * The top bar's farm selector: the current farm, and a menu of the enabled farms (spec 1 §2) with
 * their sowing and application icons. Choosing one runs the spec's farm switch.
 */
function FarmSelector() {
  const { t } = useTranslation('shell');
  const { can } = useSignedIn();
  const { farms, farm, switching, switchFarm } = useCurrentFarm();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  if (farms.isError && !farms.data) {
    return (
      <Tooltip title={t('farm.load_error')}>
        <IconButton
          onClick={() => void farms.refetch()}
          aria-label={t('farm.load_error')}
          color="warning"
          data-testid="farm-selector-error"
        >
          <SyncProblemOutlinedIcon />
        </IconButton>
      </Tooltip>
    );
  }
  if (!farms.data) {
    return (
      <Skeleton variant="rounded" width={140} height={32} data-testid="farm-selector-loading" />
    );
  }
  if (farm === null) {
    // No farm yet: the way to the page that creates one.
    return can('FAZENDA_CADASTRAR') ? (
      <Button
        component={RouterLink}
        to="/farms"
        size="small"
        variant="outlined"
        startIcon={<AddIcon />}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        data-testid="farm-selector-add"
      >
        {t('farm.add')}
      </Button>
    ) : null;
  }

  const options = selectableFarms(farms.data);
  const choose = (farmId: number) => {
    setAnchor(null);
    void switchFarm(farmId);
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={switching}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'farm-selector-menu' : undefined}
        aria-label={t('farm.selector', { name: farm.nome })}
        aria-busy={switching}
        startIcon={
          switching ? (
            <CircularProgress size={18} aria-label={t('farm.switching')} />
          ) : (
            <AgricultureOutlinedIcon color={farm.enabled ? 'primary' : 'disabled'} />
          )
        }
        endIcon={<ArrowDropDownIcon />}
        data-testid="farm-selector"
        data-farm-id={farm.id}
        sx={{
          minWidth: 0,
          flexShrink: 1,
          textTransform: 'none',
          fontWeight: 500,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          px: { xs: 1, sm: 1.5 },
          '& .MuiButton-startIcon': { mr: { xs: 0.5, sm: 1 } },
        }}
      >
        <Box
          component="span"
          sx={{
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            minWidth: 0,
            maxWidth: { xs: 150, sm: 200, lg: 260 },
            color: farm.enabled ? 'text.primary' : 'text.secondary',
          }}
          translate="no"
        >
          {farm.nome}
        </Box>
      </Button>
      <Menu
        id="farm-selector-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        // The menu opens at the end of <body>: a named region keeps it inside a landmark.
        slotProps={{
          list: { 'aria-label': t('farm.menu_label') },
          paper: {
            role: 'region',
            'aria-label': t('farm.menu_label'),
            sx: { minWidth: 260, maxWidth: 'calc(100vw - 32px)' },
          },
        }}
        data-testid="farm-selector-menu"
      >
        {options.map((option) => {
          const current = option.id === farm.id;
          return (
            <MenuItem
              key={option.id}
              selected={current}
              aria-current={current ? 'true' : undefined}
              onClick={() => choose(option.id)}
              data-testid={`farm-option-${option.id}`}
            >
              <ListItemIcon>
                {current && <CheckIcon fontSize="small" titleAccess={t('farm.current')} />}
              </ListItemIcon>
              <ListItemText
                primary={option.nome}
                secondary={`${option.municipio.nome}, ${option.estado.nome}`}
                translate="no"
                slotProps={{
                  primary: { noWrap: true },
                  secondary: { noWrap: true },
                }}
                sx={{ minWidth: 0, mr: 1 }}
              />
              <FarmStatusIcons farm={option} />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem component={RouterLink} to="/farms" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <SettingsOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('farm.manage')} />
        </MenuItem>
      </Menu>
    </>
  );
}

/** The selector where the shell shows it: not on /profile or /users, and only with farm.list. */
export function FarmSelectorSlot() {
  return <FarmSelector />;
}

/** The spec: hidden on /profile and /users, and for users without farm.list. */
export function showsFarmSelector(pathname: string, canListFarms: boolean): boolean {
  return canListFarms && !['/profile', '/users'].some((path) => pathname.startsWith(path));
}
