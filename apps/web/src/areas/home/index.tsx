import { HomePage } from './home-page';

export const Area = HomePage;
