import { useQuery } from '@tanstack/react-query';
import { weeklyDigestSchema, type WeeklyDigest } from '@lavoura/domain';
import { apiFetch } from './http';

/**
 * The weekly digest of an e-mailed link (`GET /api/report/weekly-digest?token=`): no session, so
 * a 401 (invalid or expired link) is the page's answer, not the end of a session.
 */
export function useWeeklyDigest(token: string) {
  return useQuery<WeeklyDigest>({
    queryKey: ['weekly-digest', token],
    queryFn: ({ signal }) =>
      apiFetch(`/api/report/weekly-digest?token=${encodeURIComponent(token)}`, {
        schema: weeklyDigestSchema,
        anonymous: true,
        signal,
      }),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
