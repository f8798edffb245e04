import { UsersPage } from './users-page';

export const Area = UsersPage;
