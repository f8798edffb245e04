import type { ReactNode } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';

type Tone = 'primary' | 'secondary' | 'warning' | 'error';

interface MessagePanelProps {
  icon: ReactNode;
  tone?: Tone;
  /** A short label above the title (a status chip, an error code). */
  eyebrow?: ReactNode;
  title: string;
  description: string;
  /** More to read before acting, below the description (a notice that must be seen). */
  note?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}

/** The one layout for whole-page messages: maintenance, not found, not ready, errors. */
export function MessagePanel({
  icon,
  tone = 'primary',
  eyebrow,
  title,
  description,
  note,
  actions,
  testId,
}: MessagePanelProps) {
  return (
    <Box
      data-testid={testId}
      sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, sm: 8 } }}
    >
      <Paper
        variant="outlined"
        sx={{ width: '100%', maxWidth: 560, p: { xs: 3, sm: 5 }, textAlign: 'center' }}
      >
        <Box
          aria-hidden
          sx={(theme) => ({
            mx: 'auto',
            mb: 2.5,
            width: 64,
            height: 64,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: theme.palette[tone].main,
            bgcolor: alpha(theme.palette[tone].main, 0.1),
            '& svg': { fontSize: 32 },
          })}
        >
          {icon}
        </Box>
        {eyebrow && <Box sx={{ mb: 1.5 }}>{eyebrow}</Box>}
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 }, mb: 1.5 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: actions || note ? 3.5 : 0 }}>
          {description}
        </Typography>
        {note && <Box sx={{ mb: actions ? 3.5 : 0, textAlign: 'left' }}>{note}</Box>}
        {actions && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} justifyContent="center">
            {actions}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
