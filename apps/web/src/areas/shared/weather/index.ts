// The home page imports farm-weather-card.tsx and namespaces.ts directly: the forecast chart
// (recharts) stays out of its chunk.
export { FarmWeatherCard } from './farm-weather-card';
export { WeatherPanel } from './weather-panel';
export { weatherNamespaces } from './namespaces';
