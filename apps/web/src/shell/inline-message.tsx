import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';

/**
 * A message inside a card or a tab (no farm yet, no fields, a tab whose content comes later):
 * icon, an optional label, title, text and an action. MessagePanel is its whole-page sibling.
 */
export function InlineMessage({
  icon,
  title,
  description,
  eyebrow,
  action,
  tone = 'primary',
  testId,
  headingLevel = 'h3',
  titleId,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  /** A short label above the title (a "coming soon" chip). */
  eyebrow?: ReactNode;
  action?: ReactNode;
  tone?: 'primary' | 'secondary';
  testId?: string;
  headingLevel?: 'h2' | 'h3';
  titleId?: string;
}) {
  return (
    <Stack
      data-testid={testId}
      spacing={1.5}
      sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 3, sm: 5 }, px: 2 }}
    >
      <Box
        aria-hidden
        sx={(theme) => ({
          width: 56,
          height: 56,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: theme.palette[tone].main,
          bgcolor: alpha(theme.palette[tone].main, 0.1),
          '& svg': { fontSize: 28 },
        })}
      >
        {icon}
      </Box>
      {eyebrow}
      <Typography variant="h6" component={headingLevel} id={titleId}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
        {description}
      </Typography>
      {action}
    </Stack>
  );
}
