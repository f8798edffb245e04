import type { HarvestFacts, ProgramProduct } from '@lavoura/domain';
import { evaluate, type EfficacyProvenance, type Evaluated } from './program-evaluation.ts';
import type { ProgramRow, SprayingRow } from './program-rows.ts';

/** How many programs' evaluations a process keeps (one entry per program, a few KB each). */
const MAX_PROGRAMS = 50_000;

/** How many distinct catalogue entries are numbered before the numbering starts again. */
const MAX_ENTRIES = 20_000;

/**
 * Each program's evaluation kept between answers (issue 29 item 10), so a list answer recomputed
 * after a write runs the engine only on the programs whose inputs changed. An evaluation is kept
 * under the program's id with the exact inputs it was computed from, written out: the program's
 * settings, emergence and cycle, each spraying's day, white mold, products and doses, the
 * catalogue entries of those products, and the sowing's harvests and observed harvest stage. It is reused only when all of these are equal to the
 * current ones, so whichever path wrote the data (a program, its sowing, its variety, an account
 * product, a new catalogue), a changed input is a new computation and never a stale score.
 */
export class ProgramEvaluations {
  private readonly kept = new Map<number, { inputs: string; evaluated: Evaluated }>();

  /**
   * Each distinct catalogue entry written out, numbered: a program's inputs name its products'
   * entries by number, not by their whole text. Numbers are never reused while `kept` holds them.
   */
  private readonly entryNumbers = new Map<string, number>();

  /** A country's catalogue of one answer, its products' entries numbered as they are read. */
  catalogue(products: readonly ProgramProduct[], provenance: EfficacyProvenance): CatalogueInputs {
    if (this.entryNumbers.size > MAX_ENTRIES) {
      this.entryNumbers.clear();
      this.kept.clear();
    }
    return new CatalogueInputs(products, provenance, this.entryNumbers);
  }

  /**
   * The program's evaluation, as `evaluate` computes it. The chart's curves are never kept (one
   * program at a time asks for them); `products` is the country's catalogue of the answer, of
   * which the program's own products are its inputs (the engine reads a product by its id only).
   */
  evaluate(
    row: ProgramRow,
    sprayings: readonly SprayingRow[],
    catalogue: CatalogueInputs,
    options: { curves?: boolean; harvest?: HarvestFacts | undefined } = {},
  ): Evaluated {
    if (options.curves)
      return evaluate(row, sprayings, catalogue.products, catalogue.provenance, options);
    const inputs = JSON.stringify([
      row.cropId,
      row.countryId,
      row.sowingId,
      row.importedFromId,
      row.expectedEmergence,
      row.cycleDays,
      row.sowingEmergence,
      row.sowingCycle,
      row.varietyMinCycle,
      row.varietyMaxCycle,
      row.mainDiseaseId,
      row.secondaryDiseaseIds,
      row.severityId,
      row.whiteMold,
      sprayings.map((spraying) => [
        spraying.id,
        spraying.plannedDate,
        spraying.appliedAt,
        spraying.whiteMold,
        spraying.products.map((product) => [
          product.pesticideId,
          product.dose,
          catalogue.inputsOf(product.pesticideId),
        ]),
      ]),
      options.harvest?.observed ?? null,
      options.harvest?.recorded ?? [],
    ]);
    const known = this.kept.get(row.id);
    if (known?.inputs === inputs) return known.evaluated;
    const evaluated = evaluate(row, sprayings, catalogue.products, catalogue.provenance, {
      harvest: options.harvest,
    });
    // Kept last-used last, so the oldest goes first when the process holds too many.
    this.kept.delete(row.id);
    this.kept.set(row.id, { inputs, evaluated });
    if (this.kept.size > MAX_PROGRAMS) this.kept.delete(this.kept.keys().next().value!);
    return evaluated;
  }
}

/** A country's catalogue of one answer, with each product's entry numbered once. */
export class CatalogueInputs {
  private readonly written = new Map<number, number>();

  constructor(
    readonly products: readonly ProgramProduct[],
    readonly provenance: EfficacyProvenance,
    private readonly entryNumbers: Map<string, number>,
  ) {}

  /** The number of the product's catalogue entry and provenance, equal for equal entries. */
  inputsOf(productId: number): number {
    let written = this.written.get(productId);
    if (written === undefined) {
      const product = this.products.find((entry) => entry.id === productId);
      const provenance = this.provenance.get(productId);
      const text = JSON.stringify([product ?? null, provenance ? [...provenance] : null]);
      written = this.entryNumbers.get(text);
      if (written === undefined) {
        written = this.entryNumbers.size;
        this.entryNumbers.set(text, written);
      }
      this.written.set(productId, written);
    }
    return written;
  }
}
