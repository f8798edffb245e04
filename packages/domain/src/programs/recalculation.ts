import { addDays, daysBetween } from '../calendar-days.ts';
import type { CropId } from '../reference/crops.ts';
import { residualDays } from './efficacy.ts';
import { engineParameters, param, type EngineParameters } from './parameters.ts';
import { inSprayRange, sprayRangeDays, stageStarts, startOf, WHITE_MOLD } from './risk-windows.ts';
import type { DiseaseCode, ProductDose, ProgramDisease, ProgramProduct } from './types.ts';

/**
 * AGRONOMY.md §8: what moves when a spray is applied or unapplied, a program paused and resumed,
 * or the sowing or cycle changes. Dates are YYYY-MM-DD; every function returns a new schedule.
 */

export interface ScheduledSpray {
  /** The current date: data_realizada when applied, else the planned (possibly moved) date. */
  date: string;
  /** The date first planned; unapply returns to it when no earlier spray is applied. */
  plannedDate: string;
  /** data_realizada (null while planned). */
  appliedDate: string | null;
  products: readonly ProductDose[];
  whiteMold?: boolean;
}

export interface Schedule<S extends ScheduledSpray = ScheduledSpray> {
  /** In program order (date order). */
  sprays: readonly S[];
  /** Day the program was paused (null when running). */
  pausedAt: string | null;
}

export interface ScheduleContext {
  cropId: CropId;
  emergence: string;
  cycleDays: number;
  diseases: readonly ProgramDisease[];
  /** Catalogue entries of the products in the sprays (for residuals and intervals I). */
  products: readonly ProgramProduct[];
  parameters?: EngineParameters;
}

export interface SprayMove {
  index: number;
  from: string;
  to: string;
  /** Held at the end of the spray range instead of the full shift. */
  capped: boolean;
}

type ScheduleError =
  | 'program_paused'
  | 'program_not_paused'
  | 'no_such_spray'
  | 'spray_not_applied'
  | 'resume_before_pause';

export type ScheduleResult<S extends ScheduledSpray> =
  { ok: true; schedule: Schedule<S>; moves: SprayMove[] } | { ok: false; error: ScheduleError };

function parametersOf(context: ScheduleContext): EngineParameters {
  return context.parameters ?? engineParameters();
}

const sameKind = (a: ScheduledSpray, b: ScheduledSpray) =>
  (a.whiteMold === true) === (b.whiteMold === true);

/** I = clamp(L, 10, 21) of a spray: the interval to the next one (§7 step 2). */
function sprayInterval(
  spray: Pick<ScheduledSpray, 'products' | 'whiteMold'>,
  context: ScheduleContext,
): number {
  const parameters = parametersOf(context);
  if (spray.whiteMold) return param(parameters, 'white_mold.interval_days');
  let longest = 0;
  for (const dose of spray.products) {
    const product = context.products.find((p) => p.id === dose.productId);
    if (product) longest = Math.max(longest, residualDays(product, parameters));
  }
  return Math.min(
    param(parameters, 'suggestion.interval_max'),
    Math.max(param(parameters, 'suggestion.interval_min'), longest),
  );
}

/** The last day a spray of this kind may be moved to: the end of the main disease's range. */
function lastSprayDay(whiteMold: boolean, context: ScheduleContext): number {
  const starts = stageStarts(context.cropId, context.cycleDays);
  const main = context.diseases.find((d) => d.role === 'main' && d.code !== WHITE_MOLD);
  const code = whiteMold ? WHITE_MOLD : main?.code;
  if (!code) return context.cycleDays;
  return sprayRangeDays(starts, code).endDay - 1;
}

function withDate<S extends ScheduledSpray>(spray: S, date: string): S {
  return { ...spray, date };
}

/**
 * Apply at real date r (planned p): the spray takes r; beyond the tolerance (2 days) the later
 * planned sprays of its kind shift by r − p, intervals kept, capped at the end of the main
 * disease's spray range (white-mold sprays: R1..R3).
 */
export function applySpray<S extends ScheduledSpray>(
  schedule: Schedule<S>,
  index: number,
  appliedDate: string,
  context: ScheduleContext,
): ScheduleResult<S> {
  if (schedule.pausedAt !== null) return { ok: false, error: 'program_paused' };
  const spray = schedule.sprays[index];
  if (!spray) return { ok: false, error: 'no_such_spray' };
  const parameters = parametersOf(context);
  const shift = daysBetween(spray.date, appliedDate);
  const moves: SprayMove[] = [];
  const sprays = schedule.sprays.map((other, i) => {
    if (i === index) return { ...other, date: appliedDate, appliedDate };
    return other;
  });
  if (Math.abs(shift) > param(parameters, 'apply.tolerance_days')) {
    const lastDay = addDays(context.emergence, lastSprayDay(spray.whiteMold === true, context));
    for (let i = index + 1; i < sprays.length; i++) {
      const other = sprays[i]!;
      if (other.appliedDate !== null || !sameKind(other, spray)) continue;
      const shifted = addDays(other.date, shift);
      // Held at the range's end, but never pulled back from beyond it.
      let to = shifted;
      if (shift > 0 && shifted > lastDay) to = other.date > lastDay ? other.date : lastDay;
      const capped = to !== shifted;
      if (to !== other.date) {
        moves.push({ index: i, from: other.date, to, capped });
        sprays[i] = withDate(other, to);
      }
    }
  }
  return { ok: true, schedule: { ...schedule, sprays }, moves };
}

/**
 * Unapply: clear data_realizada; the date becomes the previous applied spray's (same kind) + its
 * interval I, or the original plan when none is applied before it.
 */
export function unapplySpray<S extends ScheduledSpray>(
  schedule: Schedule<S>,
  index: number,
  context: ScheduleContext,
): ScheduleResult<S> {
  if (schedule.pausedAt !== null) return { ok: false, error: 'program_paused' };
  const spray = schedule.sprays[index];
  if (!spray) return { ok: false, error: 'no_such_spray' };
  if (spray.appliedDate === null) return { ok: false, error: 'spray_not_applied' };
  let previous: S | undefined;
  for (let i = index - 1; i >= 0 && !previous; i--) {
    const other = schedule.sprays[i]!;
    if (other.appliedDate !== null && sameKind(other, spray)) previous = other;
  }
  const date = previous
    ? addDays(previous.date, sprayInterval(previous, context))
    : spray.plannedDate;
  const sprays = schedule.sprays.map((other, i) =>
    i === index ? { ...other, appliedDate: null, date } : other,
  );
  const moves = date === spray.date ? [] : [{ index, from: spray.date, to: date, capped: false }];
  return { ok: true, schedule: { ...schedule, sprays }, moves };
}

/** Pause (drought, hail, lodging, frost, other) at p0: nothing moves while paused. */
export function pauseProgram<S extends ScheduledSpray>(
  schedule: Schedule<S>,
  pausedAt: string,
): ScheduleResult<S> {
  if (schedule.pausedAt !== null) return { ok: false, error: 'program_paused' };
  return { ok: true, schedule: { ...schedule, pausedAt }, moves: [] };
}

/**
 * Resume at r: planned sprays dated ≥ p0 move by r − p0, then to ≥ the last applied spray of
 * their kind + 10 days; order kept (each stays after the previous of its kind).
 */
export function resumeProgram<S extends ScheduledSpray>(
  schedule: Schedule<S>,
  resumedAt: string,
  context: Pick<ScheduleContext, 'parameters'> = {},
): ScheduleResult<S> {
  const pausedAt = schedule.pausedAt;
  if (pausedAt === null) return { ok: false, error: 'program_not_paused' };
  const shift = daysBetween(pausedAt, resumedAt);
  if (shift < 0) return { ok: false, error: 'resume_before_pause' };
  const gap = param(context.parameters ?? engineParameters(), 'resume.min_gap_days');
  const sprays = [...schedule.sprays];
  const moves: SprayMove[] = [];
  const lastApplied: Record<'regular' | 'white', string | null> = { regular: null, white: null };
  const previousDate: Record<'regular' | 'white', string | null> = { regular: null, white: null };
  for (let i = 0; i < sprays.length; i++) {
    const spray = sprays[i]!;
    const kind = spray.whiteMold ? 'white' : 'regular';
    if (spray.appliedDate !== null) {
      lastApplied[kind] = spray.date;
      previousDate[kind] = spray.date;
      continue;
    }
    let to = spray.date >= pausedAt ? addDays(spray.date, shift) : spray.date;
    if (spray.date >= pausedAt) {
      const floor = lastApplied[kind] ? addDays(lastApplied[kind], gap) : null;
      if (floor && to < floor) to = floor;
      const before = previousDate[kind];
      if (before && to <= before) to = addDays(before, 1);
    }
    if (to !== spray.date) {
      moves.push({ index: i, from: spray.date, to, capped: false });
      sprays[i] = withDate(spray, to);
    }
    previousDate[kind] = to;
  }
  return { ok: true, schedule: { sprays, pausedAt: null }, moves };
}

export interface TimelineSettings {
  emergence: string;
  cycleDays: number;
}

/**
 * Sowing (emergence) or cycle change. Within the tolerances (≤ 6 days of emergence and ≤ 5 of
 * cycle) planned dates stay; beyond, the timeline is rebuilt and the planned sprays re-chained:
 * after the last applied spray of their kind + its I, else at the same point of the new cycle
 * (white-mold sprays: from the new R1), each next one at the previous + its I.
 */
export function changeTimeline<S extends ScheduledSpray>(
  schedule: Schedule<S>,
  before: TimelineSettings,
  after: TimelineSettings,
  context: Omit<ScheduleContext, 'emergence' | 'cycleDays'>,
): ScheduleResult<S> & { rebuilt?: boolean } {
  if (schedule.pausedAt !== null) return { ok: false, error: 'program_paused' };
  const parameters = context.parameters ?? engineParameters();
  const emergenceShift = Math.abs(daysBetween(before.emergence, after.emergence));
  const cycleShift = Math.abs(after.cycleDays - before.cycleDays);
  if (
    emergenceShift <= param(parameters, 'sowing_change.tolerance_days') &&
    cycleShift <= param(parameters, 'cycle_change.tolerance_days')
  )
    return { ok: true, schedule, moves: [], rebuilt: false };
  const next: ScheduleContext = { ...context, ...after };
  const starts = stageStarts(context.cropId, after.cycleDays);
  const sprays = [...schedule.sprays];
  const moves: SprayMove[] = [];
  const previous: Record<'regular' | 'white', S | null> = { regular: null, white: null };
  for (let i = 0; i < sprays.length; i++) {
    const spray = sprays[i]!;
    const kind = spray.whiteMold ? 'white' : 'regular';
    if (spray.appliedDate !== null) {
      previous[kind] = spray;
      continue;
    }
    const chained = previous[kind];
    let to: string;
    if (chained) to = addDays(chained.date, sprayInterval(chained, next));
    else if (spray.whiteMold) to = addDays(after.emergence, startOf(starts, 'R1'));
    else {
      // The same fraction of the cycle: the stage timeline scales with C (§2).
      const day = daysBetween(before.emergence, spray.date);
      to = addDays(after.emergence, Math.round((day * after.cycleDays) / before.cycleDays));
    }
    const moved = withDate(spray, to);
    if (to !== spray.date) moves.push({ index: i, from: spray.date, to, capped: false });
    sprays[i] = moved;
    previous[kind] = moved;
  }
  return { ok: true, schedule: { ...schedule, sprays }, moves, rebuilt: true };
}

/**
 * estadio_nao_recomendado for one spray day: outside the spray range of every priority disease
 * (white-mold sprays: outside R1..R3).
 */
export function stageNotRecommended(
  context: Pick<ScheduleContext, 'cropId' | 'emergence' | 'cycleDays'>,
  diseases: readonly ProgramDisease[],
  date: string,
  whiteMold = false,
): boolean {
  const starts = stageStarts(context.cropId, context.cycleDays);
  const day = daysBetween(context.emergence, date);
  const codes: DiseaseCode[] = whiteMold
    ? [WHITE_MOLD]
    : diseases.map((d) => d.code).filter((code) => code !== WHITE_MOLD);
  if (codes.length === 0) return false;
  return codes.every((code) => !inSprayRange({ sprayRange: sprayRangeDays(starts, code) }, day));
}
