import { useTranslation } from 'react-i18next';
import { useCrops } from '../../api/reference';

/** "Farm · City – UF · Season 2026/2027 · Soybean", as the PDF's header writes it. */
export function useReportSubtitle(report: {
  farm: { name: string; place: string };
  season_crop: { season_name: string; crop_id: number };
}): string {
  const { t } = useTranslation(['reports', 'reference']);
  const crops = useCrops();
  const crop = crops.data?.find((row) => row.id === report.season_crop.crop_id);
  return t('subtitle', {
    farm: report.farm.name,
    place: report.farm.place,
    season: report.season_crop.season_name,
    crop: crop ? t(crop.message_key, { ns: 'reference' }) : '',
  });
}
