import type { ReactNode } from 'react';
import { DialogContent, Skeleton } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiErrorAlert } from './api-error-alert';
import { LoadingState } from './loading-state';

/**
 * The body of a dialog that edits what a query reads: the failure with a retry, skeleton fields
 * while it loads, then the form (`children`, given the data: the form's defaults).
 */
export function QueryDialogBody<T>({
  query,
  loadingLabel,
  retryLabel,
  fields = 2,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, translated: the loading region's name. */
  loadingLabel: string;
  retryLabel: string;
  /** How many skeleton fields stand in for the form. */
  fields?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isError && !query.data)
    return (
      <DialogContent>
        <ApiErrorAlert
          error={query.error}
          onRetry={() => void query.refetch()}
          retryLabel={retryLabel}
        />
      </DialogContent>
    );
  if (!query.data)
    return (
      <DialogContent>
        <LoadingState label={loadingLabel} spacing={1}>
          {Array.from({ length: fields }, (_, field) => (
            <Skeleton key={field} height={56} />
          ))}
        </LoadingState>
      </DialogContent>
    );
  return <>{children(query.data)}</>;
}
