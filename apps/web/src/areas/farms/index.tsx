import { AreaNotReady } from '../warnings/area-not-ready';

// Not built yet: the route exists so links and bookmarks land on an honest notice.
export function Area() {
  return <AreaNotReady area="farms" />;
}
