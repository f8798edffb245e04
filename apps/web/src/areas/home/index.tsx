import type { Namespace } from '@lavoura/i18n/web';
import { HomePage } from './home-page';
import { marketNamespaces } from '../shared/market';
import { weatherNamespaces } from '../shared/weather/namespaces';
import { sprayWindowNamespaces } from '../shared/spray-windows/namespaces';

// The farm's texts (field namespace) load with the area: the sign-in page's 'home' stays small.
// 'sowings': the active sowings' status chips say what the sowings page says.
// 'market': the market card (areas/shared/market).
// 'weather': the farm's weather card (areas/shared/weather).
// The active sowings' next spray windows (areas/shared/spray-windows).
export const namespaces: readonly Namespace[] = [
  'home',
  'field',
  'sowings',
  ...marketNamespaces,
  ...weatherNamespaces,
  ...sprayWindowNamespaces,
];
export const Area = HomePage;
