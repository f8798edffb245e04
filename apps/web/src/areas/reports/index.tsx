import type { Namespace } from '@lavoura/i18n/web';
import { useLocation } from 'react-router';
import { ProgramaReportPage } from './programa-report';
import { SeasonReportPage } from './season-report';

export const namespaces: readonly Namespace[] = ['reports'];

/**
 * /reports/programa and /reports/season-report (issue 14 items 5 and 11): printable pages outside
 * the shell, each with its PDF.
 */
export function Area() {
  const { pathname } = useLocation();
  return pathname.endsWith('/season-report') ? <SeasonReportPage /> : <ProgramaReportPage />;
}
