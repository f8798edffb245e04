import type { Namespace } from '@lavoura/i18n/web';
import { HomePage } from './home-page';

export const namespaces: readonly Namespace[] = ['home'];
export const Area = HomePage;
