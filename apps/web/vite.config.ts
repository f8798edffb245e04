import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API runs as a separate process in development; the SPA calls it on the same origin, so the
// dev and preview servers forward the API prefixes to it (in production one process serves both).
const API_ORIGIN = 'http://localhost:3000';
const proxy = Object.fromEntries(
  ['/api', '/admin-api', '/payment-api', '/healthz'].map((prefix) => [prefix, API_ORIGIN]),
);

// Libraries change less often than our code: separate chunks stay cached across deployments.
const vendorChunks = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  {
    name: 'mui',
    test: /node_modules[\\/](@mui|@emotion|@babel[\\/]runtime|stylis|react-transition-group|react-is)[\\/]/,
  },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]|packages[\\/]i18n[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
];

export default defineConfig({
  base: '/v3/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    rolldownOptions: { output: { codeSplitting: { groups: vendorChunks } } },
  },
  server: { port: 5173, proxy },
  preview: { proxy },
});
