/**
 * The spray-program efficacy engine (AGRONOMY.md §3–§8; docs/agronomy.md). The package barrel
 * re-exports these, so only the public entry points and their types are listed here.
 */
export type * from './types.ts';
export { DEFAULT_ENGINE_PARAMETERS, NO_REGISTRATION_DOSE } from './parameters.ts';
export { citeSource } from './sources.ts';
export { PLAN_CHECK_CODES, type EmptySprayReason, type EngineWarning } from './warnings.ts';
export { WHITE_MOLD } from './risk-windows.ts';
export { evaluateProgram, type HarvestFacts, type ProgramEvaluation } from './engine.ts';
export { HARVEST_STAGE } from './plan-checks.ts';
export {
  suggestProgram,
  DEFAULT_WHITE_MOLD_SPRAYS,
  REFERENCE_CYCLE_DAYS,
  suggestSprayPositions,
  type SprayChoice,
  type SuggestionResult,
} from './suggestion.ts';
export {
  applySpray,
  changeTimeline,
  resumeProgram,
  unapplySpray,
  type ScheduleContext,
  type SprayMove,
  type TimelineSettings,
} from './recalculation.ts';
export { exampleCatalogue } from './example-catalogue.ts';
export { efficacyNotCountedReason, programProduct } from './catalogue-product.ts';
export { importedProgramCycle, type CycleSource } from './program-cycle.ts';
export {
  defensivesSuggestionProblem,
  diseaseFieldProblems,
  importShiftDays,
  keepsTarget,
  programArea,
  scheduleOfSprayings,
} from './program-rules.ts';
