import type { Namespace } from '@lavoura/i18n/web';
import { AreaNotReady } from '../warnings/area-not-ready';

export const namespaces: readonly Namespace[] = ['comparison', 'programs'];

// Not built yet: the route exists so links and bookmarks land on an honest notice.
export function Area() {
  return <AreaNotReady area="comparison" />;
}
