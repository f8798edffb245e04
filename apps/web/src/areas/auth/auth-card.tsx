import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';

/** The card every sign-in page sits in: a title, a line under it, the form. */
export function AuthCard({
  title,
  subtitle,
  children,
  testId,
  wide,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      sx={{ width: '100%', maxWidth: wide ? 560 : 440, p: { xs: 3, sm: 4 }, mx: 'auto' }}
    >
      <Typography variant="h5" component="h1" sx={{ mb: subtitle ? 0.75 : 3 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
      )}
      <Box>{children}</Box>
    </Paper>
  );
}

/** The centred column of the sign-up, activation and terms pages. */
export function AuthPage({ children }: { children: ReactNode }) {
  return <Box sx={{ px: 2, py: { xs: 3, sm: 6 } }}>{children}</Box>;
}
