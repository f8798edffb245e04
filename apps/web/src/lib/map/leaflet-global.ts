import L from 'leaflet';

// leaflet-geoman extends the global `L`: it must exist before the plugin's module runs, which the
// import order of plot-editor-view.tsx guarantees (this module first).
(globalThis as { L?: typeof L }).L = L;
