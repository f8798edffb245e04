import { useMemo, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n, useLanguage } from '../lib/i18n';
import { themeFor } from './theme';

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedTheme>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </LocalizedTheme>
    </I18nextProvider>
  );
}

/** The theme with MUI's own texts (close, pagination, autocomplete) in the app's language. */
function LocalizedTheme({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const theme = useMemo(() => themeFor(language), [language]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
