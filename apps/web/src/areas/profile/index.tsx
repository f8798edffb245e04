import { ProfilePage } from './profile-page';

export const Area = ProfilePage;
