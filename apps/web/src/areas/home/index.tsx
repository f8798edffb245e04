import type { Namespace } from '@lavoura/i18n/web';
import { HomePage } from './home-page';

// The farm's texts (field namespace) load with the area: the sign-in page's 'home' stays small.
// 'sowings': the active sowings' status chips say what the sowings page says.
export const namespaces: readonly Namespace[] = ['home', 'field', 'sowings'];
export const Area = HomePage;
