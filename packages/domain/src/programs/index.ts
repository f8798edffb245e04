/**
 * The spray-program efficacy engine (AGRONOMY.md §3–§8; docs/agronomy.md). The package barrel
 * re-exports these, so only the public entry points and their types are listed here.
 */
export type * from './types.ts';
export {
  DEFAULT_ENGINE_PARAMETERS,
  NO_REGISTRATION_DOSE,
  engineParameters,
  type EngineParameterKey,
  type EngineParameterOverrides,
  type EngineParameters,
  type Provenance,
  type SourceId,
  type Sourced,
} from './parameters.ts';
export { SOURCE_CITATIONS, citeSource, isSourceId } from './sources.ts';
export {
  EMPTY_SPRAY_REASONS,
  WARNING_SOURCES,
  type EmptySprayReason,
  type EngineWarning,
  type WarningCode,
} from './warnings.ts';
export {
  DISEASE_RISK,
  WHITE_MOLD,
  type DiseaseRiskDefinition,
  type ResolvedWindow,
  type RiskWindowDefinition,
} from './risk-windows.ts';
export {
  doseFactor,
  mixtureEfficacy,
  protectionFactor,
  timingFactor,
  type ProductContribution,
} from './efficacy.ts';
export {
  evaluateProgram,
  sprayLimit,
  type DiseaseEvaluation,
  type EvaluateOptions,
  type ProgramEvaluation,
  type ProgramInput,
  type ProgramSprayInput,
  type SprayDiseaseEvaluation,
  type SprayEvaluation,
} from './engine.ts';
export {
  suggestProgram,
  DEFAULT_WHITE_MOLD_SPRAYS,
  REFERENCE_CYCLE_DAYS,
  suggestSprayPositions,
  suggestSprayProducts,
  type BlockedCandidate,
  type SprayPositionsInput,
  type NextSprayInput,
  type SprayChoice,
  type SuggestedDose,
  type SuggestedSpray,
  type SuggestionInput,
  type SuggestionResult,
  type SuggestOptions,
} from './suggestion.ts';
export {
  applySpray,
  changeTimeline,
  pauseProgram,
  resumeProgram,
  sprayInterval,
  stageNotRecommended,
  unapplySpray,
  type Schedule,
  type ScheduleContext,
  type ScheduleError,
  type ScheduleResult,
  type ScheduledSpray,
  type SprayMove,
  type TimelineSettings,
} from './recalculation.ts';
export { exampleCatalogue } from './example-catalogue.ts';
export {
  EFFICACY_NOT_COUNTED_REASONS,
  efficacyNotCountedReason,
  fracGroup,
  programProduct,
  type CatalogueProductFacts,
  type EfficacyNotCountedReason,
} from './catalogue-product.ts';
export {
  CYCLE_SOURCES,
  importedProgramCycle,
  varietyCycleDays,
  type CycleSource,
} from './program-cycle.ts';
export {
  defensivesSuggestionProblem,
  diseaseFieldProblems,
  importShiftDays,
  keepsTarget,
  programArea,
  scheduleOfSprayings,
  type StoredSpraying,
} from './program-rules.ts';
