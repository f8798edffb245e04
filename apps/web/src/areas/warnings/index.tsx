import { NotFoundPage } from './not-found-page';

/** The warnings area's routed page is the 404; the maintenance page is rendered by the app root. */
export const Area = NotFoundPage;
