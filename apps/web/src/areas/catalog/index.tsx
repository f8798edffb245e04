import type { Namespace } from '@lavoura/i18n/web';
import { CatalogPage } from './catalog-page';

export const namespaces: readonly Namespace[] = ['catalog'];
export const Area = CatalogPage;
