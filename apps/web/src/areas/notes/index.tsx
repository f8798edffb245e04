import type { Namespace } from '@lavoura/i18n/web';
import { NotesPage } from './notes-page';

export const namespaces: readonly Namespace[] = ['notes'];
export const Area = NotesPage;
