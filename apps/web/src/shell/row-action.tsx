import type { ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';

/** An icon action of a list row: its label is both the tooltip and the accessible name. */
export function RowAction({
  label,
  icon,
  onClick,
  testId,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Tooltip title={label}>
      <IconButton onClick={onClick} aria-label={label} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
