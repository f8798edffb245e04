import { ProgramAnswersService } from './program-answers.service.ts';
import { ProgramCopiesService } from './program-copies.service.ts';
import { ProgramRecordsService } from './program-records.service.ts';
import { ProgramScheduleService } from './program-schedule.service.ts';
import { ProgramSprayingsService } from './program-sprayings.service.ts';
import { ProgramSuggestionsService } from './program-suggestions.service.ts';
import type { ProgramsServiceDeps } from './program-store.service.ts';

/**
 * The spray programs' services by use case (spec 2 §3 Program, §7 Programs; issue 29 item 3).
 * Every one starts from the session's account and its visible farms, so another account's program,
 * or one of a farm the member is not assigned to, is not found (404); every refusal writes
 * nothing, and every write answers the program as `answers.get` reads it.
 */
export interface ProgramServices {
  /** Lists, one program, its stage timeline: the answers with the engine's scores. */
  answers: ProgramAnswersService;
  /** Create, change, delete a program's own record. */
  records: ProgramRecordsService;
  /** A plan's applications and a sowing's sprayings (executions). */
  sprayings: ProgramSprayingsService;
  /** Apply, unapply, pause, resume; a sowing's new emergence or cycle. */
  schedule: ProgramScheduleService;
  /** The engine's suggested plan and products. */
  suggestions: ProgramSuggestionsService;
  /** A plan imported into a sowing; a program cloned to varieties. */
  copies: ProgramCopiesService;
}

export function programServices(deps: ProgramsServiceDeps): ProgramServices {
  const answers = new ProgramAnswersService(deps);
  return {
    answers,
    records: new ProgramRecordsService(deps, answers),
    sprayings: new ProgramSprayingsService(deps, answers),
    schedule: new ProgramScheduleService(deps, answers),
    suggestions: new ProgramSuggestionsService(deps),
    copies: new ProgramCopiesService(deps, answers),
  };
}
