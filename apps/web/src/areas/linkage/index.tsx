import type { Namespace } from '@lavoura/i18n/web';
import { LinkagePage } from './linkage-page';
import { sprayWindowNamespaces } from '../shared/spray-windows/namespaces';

// The due sprayings' windows (areas/shared/spray-windows: 'execution' and 'weather').
export const namespaces: readonly Namespace[] = ['linkage', ...sprayWindowNamespaces];
export const Area = LinkagePage;
