import { ERRORS, irrigationProblem, type IrrigationBody } from '@lavoura/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError, bodyReference } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { visibleSowing } from './visible-sowing.service.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/** An irrigation as the API answers it: instants in ISO 8601, the blade in millimetres. */
export interface Irrigation {
  id: number;
  semeadura_id: number;
  start: string;
  end: string;
  blade_mm: number;
}

const present = (row: typeof t.irrigations.$inferSelect): Irrigation => ({
  id: row.id,
  semeadura_id: row.sowingId,
  start: row.startAt.toISOString(),
  end: row.endAt.toISOString(),
  blade_mm: row.bladeMm,
});

function check(body: IrrigationBody): void {
  const problem = irrigationProblem(body);
  if (problem) throw new AppError(ERRORS[problem], 'Irrigation refused');
}

/** Irrigation of a sowing (spec 2 §3 Irrigation; issue 12 item 5). */
export class IrrigationsService {
  constructor(private readonly deps: { db: Database; now?: () => Date }) {}

  async list(session: Session, sowingId: number): Promise<Irrigation[]> {
    await visibleSowing(this.deps.db, session, sowingId);
    const rows = await this.deps.db
      .select()
      .from(t.irrigations)
      .where(and(ofAccount(t.irrigations, session), eq(t.irrigations.sowingId, sowingId)))
      .orderBy(asc(t.irrigations.startAt), asc(t.irrigations.id));
    return rows.map(present);
  }

  async add(session: Session, body: IrrigationBody): Promise<Irrigation> {
    check(body);
    await this.sowingOfBody(session, body);
    const [row] = await this.deps.db
      .insert(t.irrigations)
      .values({
        accountId: session.accountId,
        sowingId: body.semeadura_id,
        startAt: new Date(body.start),
        endAt: new Date(body.end),
        bladeMm: body.blade_mm,
      })
      .returning();
    return present(row!);
  }

  async update(session: Session, id: number, body: IrrigationBody): Promise<Irrigation> {
    check(body);
    await this.held(session, id);
    await this.sowingOfBody(session, body);
    const [row] = await this.deps.db
      .update(t.irrigations)
      .set({
        sowingId: body.semeadura_id,
        startAt: new Date(body.start),
        endAt: new Date(body.end),
        bladeMm: body.blade_mm,
        updatedAt: this.deps.now?.() ?? new Date(),
      })
      .where(and(ofAccount(t.irrigations, session), eq(t.irrigations.id, id)))
      .returning();
    return present(row!);
  }

  async remove(session: Session, id: number): Promise<void> {
    await this.held(session, id);
    await this.deps.db
      .delete(t.irrigations)
      .where(and(ofAccount(t.irrigations, session), eq(t.irrigations.id, id)));
  }

  /** An irrigation of a sowing the member sees; 404 otherwise. */
  private async held(session: Session, id: number): Promise<void> {
    const [row] = await this.deps.db
      .select({ sowingId: t.irrigations.sowingId })
      .from(t.irrigations)
      .where(and(ofAccount(t.irrigations, session), eq(t.irrigations.id, id)));
    if (!row) throw new AppError(ERRORS.notFound, 'Irrigation not found');
    await visibleSowing(this.deps.db, session, row.sowingId);
  }

  /** The body's sowing: one the session sees, else 400 exception.sowing_not_found. */
  private async sowingOfBody(session: Session, body: IrrigationBody): Promise<void> {
    await bodyReference(
      visibleSowing(this.deps.db, session, body.semeadura_id),
      ERRORS.sowingNotFound,
      {
        semeadura_id: body.semeadura_id,
      },
    );
  }
}
