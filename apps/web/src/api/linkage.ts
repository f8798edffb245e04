import { useQuery } from '@tanstack/react-query';
import { linkageOverviewSchema, type LinkageOverview } from '@lavoura/domain';
import { apiFetch } from './http';

export type { LinkageOverview };

/**
 * GET /api/linkage/overview: across every account the person belongs to, per farm their
 * membership sees, what is due, paused, warned of rain or missing a harvest (issue 30 item 9).
 * An account switch resets it like every account query.
 */
export function useLinkageOverview() {
  return useQuery<LinkageOverview>({
    queryKey: ['linkage', 'overview'],
    queryFn: ({ signal }) =>
      apiFetch('/api/linkage/overview', { signal, schema: linkageOverviewSchema }),
    staleTime: 60_000,
  });
}
