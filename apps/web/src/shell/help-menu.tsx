import { useState } from 'react';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import TourOutlinedIcon from '@mui/icons-material/TourOutlined';
import { useTranslation } from 'react-i18next';
import { contactMailto } from './contact';

/** The help button: the tour (coming shortly) and a contact link, the same in every language. */
export function HelpMenu() {
  const { t } = useTranslation('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('help.label')}>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('help.label')}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
        >
          <HelpOutlineIcon />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        // The menu opens at the end of <body>: a named region keeps it inside a landmark.
        slotProps={{ paper: { role: 'region', 'aria-label': t('help.label') } }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem disabled>
          <ListItemIcon>
            <TourOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('help.tour')} secondary={t('help.tour_soon')} />
        </MenuItem>
        <MenuItem
          component="a"
          href={contactMailto(t('help.contact_subject'))}
          onClick={() => setAnchor(null)}
        >
          <ListItemIcon>
            <MailOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('help.contact')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
