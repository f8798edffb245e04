import { lazy, Suspense } from 'react';
import { Skeleton } from '@mui/material';
import type { Plot } from '@lavoura/domain';
import { loadNamespaces } from '../../../lib/i18n';

/** The panel with its texts (`ndvi`), loaded the first time a plot with NDVI is shown. */
const LazyNdviPanel = lazy(async () => {
  const [module] = await Promise.all([import('./ndvi-panel'), loadNamespaces(['ndvi'])]);
  return { default: module.NdviPanel };
});

/** The NDVI view of a plot with NDVI contracted (the plot screen's NDVI card). */
export function NdviView({ plot }: { plot: Plot }) {
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={360} sx={{ borderRadius: 1 }} />}>
      <LazyNdviPanel plot={plot} />
    </Suspense>
  );
}
