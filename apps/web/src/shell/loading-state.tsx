import type { ReactNode } from 'react';
import { Paper, Skeleton, Stack, type SxProps, type Theme } from '@mui/material';

/**
 * The loading state of a list, a page or a panel, the sibling of InlineMessage (empty) and
 * ApiErrorAlert (failed): skeletons in the shape of what is coming, in one status region that
 * screen readers announce by its translated label and know to be busy.
 *
 * `rows` draws a list (that many skeleton rows in an outlined card); `children` draws any other
 * shape (a page's header and cards, a panel's charts).
 */
export function LoadingState({
  label,
  testId,
  rows,
  rowHeight = 56,
  spacing = 2,
  sx,
  children,
}: {
  /** What is loading, translated: the region's accessible name. */
  label: string;
  testId?: string;
  rows?: number;
  rowHeight?: number;
  /** The gap between the children (a page's or a panel's skeletons). */
  spacing?: number;
  sx?: SxProps<Theme>;
  children?: ReactNode;
}) {
  const region = { role: 'status', 'aria-busy': true, 'aria-label': label, 'data-testid': testId };
  if (rows !== undefined) {
    return (
      <Paper variant="outlined" sx={[{ p: 2 }, ...(Array.isArray(sx) ? sx : [sx])]} {...region}>
        {Array.from({ length: rows }, (_, row) => (
          <Skeleton key={row} height={rowHeight} />
        ))}
      </Paper>
    );
  }
  return (
    <Stack spacing={spacing} sx={sx} {...region}>
      {children}
    </Stack>
  );
}
