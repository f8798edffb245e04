import type { ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';

export interface ReportColumn {
  label: string;
  align?: 'left' | 'right' | 'center';
}

/** A report's table: a header row and text cells; `empty` when there are no rows. */
export function ReportTable({
  label,
  columns,
  rows,
  empty,
  testId,
}: {
  label: string;
  columns: ReportColumn[];
  rows: ReactNode[][];
  empty: string;
  testId?: string;
}) {
  if (!rows.length)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', mb: 1.5 }}>
        {empty}
      </Typography>
    );
  return (
    // A region the keyboard can reach: on a phone the table scrolls sideways inside it.
    <TableContainer
      tabIndex={0}
      role="group"
      aria-label={label}
      sx={{ mb: 1.5, overflowX: 'auto' }}
    >
      <Table size="small" aria-label={label} data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.label}
                align={column.align ?? 'left'}
                sx={{ fontWeight: 700, bgcolor: 'action.hover', whiteSpace: 'nowrap' }}
              >
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, index) => (
            <TableRow key={index}>
              {cells.map((cell, column) => (
                <TableCell key={column} align={columns[column]?.align ?? 'left'}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
