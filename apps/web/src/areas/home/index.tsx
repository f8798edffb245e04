import type { Namespace } from '@lavoura/i18n/web';
import { HomePage } from './home-page';

// The farm's texts (field namespace) load with the area: the sign-in page's 'home' stays small.
export const namespaces: readonly Namespace[] = ['home', 'field'];
export const Area = HomePage;
