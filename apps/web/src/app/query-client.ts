import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/http';

// A refusal (4xx) or maintenance (503) will not change by asking again; other failures may.
function shouldRetry(failureCount: number, error: Error): boolean {
  if (
    error instanceof ApiError &&
    (error.status === 503 || (error.status >= 400 && error.status < 500))
  ) {
    return false;
  }
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: shouldRetry, refetchOnWindowFocus: false } },
  });
}
