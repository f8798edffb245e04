import type { Language } from '@lavoura/domain';
import type { Database } from '../../db/client.ts';
import type { Session } from '../auth/session.types.ts';
import type { ProgramAnswersService } from '../programs/program-answers.service.ts';
import { programaPdf, seasonReportPdf } from './report-document.ts';
import type { ProgramaReport, SeasonReport } from '@lavoura/domain';
import { ReportReads, type ReportQuery } from './report-reads.service.ts';
import { SeasonReportService, type SeasonWeatherSource } from './season-report.service.ts';
import { SprayingReportService } from './spraying-report.service.ts';
import { languageOfSession } from '../users/user-language.service.ts';

export interface ReportsServiceDeps {
  db: Database;
  programs: ProgramAnswersService;
  /** The weather service's daily summary (wire it in app.ts once modules/weather exists). */
  weather?: SeasonWeatherSource;
  now?: () => Date;
  warn?: (message: string, error: unknown) => void;
}

export interface ReportFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * The farm spraying report and the season report of a farm and a season-crop (issue 14 item 5;
 * docs/reports.md), as their pages' data or as PDF files. Each report is its own use case
 * (`spraying-report.service.ts`, `season-report.service.ts`) on what both read
 * (`report-reads.service.ts`).
 */
export class ReportsService {
  private readonly reads: ReportReads;
  private readonly spraying: SprayingReportService;
  private readonly seasonReport: SeasonReportService;

  constructor(private readonly deps: ReportsServiceDeps) {
    this.reads = new ReportReads(deps);
    this.spraying = new SprayingReportService(deps, this.reads);
    this.seasonReport = new SeasonReportService(deps, this.reads);
  }

  /** The farm spraying report's data. */
  programa(session: Session, query: ReportQuery): Promise<ProgramaReport> {
    return this.spraying.report(session, query);
  }

  /** The season report's data. */
  season(session: Session, query: ReportQuery): Promise<SeasonReport> {
    return this.seasonReport.report(session, query);
  }

  /** The report as a PDF in `language` (else the user's): A4, header, tables, page numbers. */
  async pdf(
    session: Session,
    kind: 'programa' | 'season',
    query: ReportQuery,
    language: Language | undefined,
  ): Promise<ReportFile> {
    const lang = language ?? (await languageOfSession(this.deps.db, session));
    const file =
      kind === 'programa'
        ? await programaPdf(await this.programa(session, query), lang)
        : await seasonReportPdf(await this.season(session, query), lang);
    return { ...file, contentType: 'application/pdf' };
  }
}
