import { enUS, esES, ptBR, type Localization } from '@mui/material/locale';
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import type { Language } from '@lavoura/domain';

/** The product's look: primary green, secondary navy, Rubik (bundled in main.tsx, no web fonts). */
const look: ThemeOptions = {
  palette: {
    primary: { main: '#2E7D32', light: '#4CAF50', dark: '#1B5E20', contrastText: '#FFFFFF' },
    secondary: { main: '#1B2A4A', light: '#3A4B70', dark: '#0F1830', contrastText: '#FFFFFF' },
    // Darker than MUI's defaults (#ED6C02, #0288D1: 3.1 and 3.9 to 1 on white) so that a
    // warning chip ("Simulated data") or an info-coloured figure reads at 4.5:1 or better.
    warning: { main: '#B45309' },
    info: { main: '#0369A1' },
    background: { default: '#F6F8F5', paper: '#FFFFFF' },
    text: { primary: '#1B2A4A', secondary: '#55627A' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Rubik", "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 700 },
    h2: { fontWeight: 700 },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 500 },
    h5: { fontWeight: 500 },
    h6: { fontWeight: 500 },
    button: { fontWeight: 500, textTransform: 'none' },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
  },
};

/**
 * For someone whose system asks for less motion (WCAG 2.3.3, `prefers-reduced-motion`): dialogs,
 * menus, drawers and panels appear at once, and buttons press without the ripple.
 */
const still: ThemeOptions = {
  transitions: {
    create: () => 'none',
    getAutoHeightDuration: () => 0,
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
};

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** MUI's own texts (a dialog's "Close", a pagination's "Rows per page") in each app language. */
const MUI_TEXTS: Record<Language, Localization> = { pt: ptBR, en: enUS, es: esES };

/** The look with MUI's own texts in `language`, still when the person asks for less motion. */
export function themeFor(language: Language): Theme {
  return createTheme(look, prefersReducedMotion() ? still : {}, MUI_TEXTS[language]);
}
