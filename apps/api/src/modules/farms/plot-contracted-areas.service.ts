import {
  ERRORS,
  FIELD_KEYS,
  bodyFieldError,
  mayContractArea,
  type AccountPlot,
  type ManagerPlotBody,
} from '@lavoura/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { visiblePlots } from './plot-rows.service.ts';
import { authorize } from '../../policies/records.policy.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/**
 * The account's contracted area shared among its plots (Full plan): what the contract is, what
 * the plots use of it, and the administrator's sharing, which may not exceed the contract.
 */
export class PlotContractedAreas {
  constructor(private readonly db: Database) {}

  /** The account's contracted area and the share its live plots use (Full plan). */
  async plotsArea(
    session: Session,
  ): Promise<{ contracted_area: number | null; used_area: number }> {
    this.requireFullPlan(session);
    const [account] = await this.db
      .select({ contracted: t.accounts.contractedArea })
      .from(t.accounts)
      .where(eq(t.accounts.id, session.accountId));
    return {
      contracted_area: account?.contracted ?? null,
      used_area: await this.usedContractedArea(this.db, session.accountId),
    };
  }

  /** The contracted shares of the account's live plots on live farms (ha). */
  private async usedContractedArea(db: Executor, accountId: number): Promise<number> {
    const [used] = await db
      .select({
        total: sql<number>`coalesce(sum(${t.plots.contractedArea}), 0)`.mapWith(Number),
      })
      .from(t.plots)
      .innerJoin(
        t.farms,
        and(eq(t.farms.accountId, t.plots.accountId), eq(t.farms.id, t.plots.farmId)),
      )
      .where(
        and(ofAccount(t.plots, accountId), isNull(t.plots.deletedAt), isNull(t.farms.deletedAt)),
      );
    return used?.total ?? 0;
  }

  /** Every live plot of the account with its farm and contracted share: the area modal's rows. */
  async accountPlots(session: Session, accountId: number): Promise<AccountPlot[]> {
    if (accountId !== session.accountId) throw new AppError(ERRORS.notFound, 'Account not found');
    this.requireFullPlan(session);
    const rows = await this.db
      .select({
        id: t.plots.id,
        nome: t.plots.name,
        fazenda_id: t.plots.farmId,
        fazenda_nome: t.farms.name,
        area: t.plots.area,
        contracted_area: t.plots.contractedArea,
      })
      .from(t.plots)
      .innerJoin(
        t.farms,
        and(eq(t.farms.accountId, t.plots.accountId), eq(t.farms.id, t.plots.farmId)),
      )
      .where(visiblePlots(session))
      .orderBy(t.farms.name, t.plots.name, t.plots.id);
    return rows;
  }

  /**
   * Shares the account's contracted area among plots. Plots not named keep their share; the
   * total over the account may not exceed the contract (409), and a share not the plot's area.
   */
  async setContractedAreas(session: Session, body: ManagerPlotBody): Promise<AccountPlot[]> {
    this.requireFullPlan(session);
    const plots = await this.accountPlots(session, session.accountId);
    const byId = new Map(plots.map((plot) => [plot.id, plot]));
    const unknown = body.plots.filter((plot) => !byId.has(plot.id)).map((plot) => plot.id);
    if (unknown.length)
      throw new AppError(ERRORS.plotNotFound, 'Unknown plot', { plot_ids: unknown });
    const tooBig = body.plots.findIndex(
      (plot) =>
        plot.contracted_area !== null && plot.contracted_area > byId.get(plot.id)!.area + 1e-9,
    );
    if (tooBig >= 0)
      throw new AppError(ERRORS.validation, 'A share larger than the plot', [
        bodyFieldError(
          `plots.${tooBig}.contracted_area`,
          'More than the plot’s area',
          FIELD_KEYS.tooBig,
        ),
      ]);
    await this.db.transaction(async (tx) => {
      for (const plot of body.plots)
        await tx
          .update(t.plots)
          .set({ contractedArea: plot.contracted_area })
          .where(and(ofAccount(t.plots, session), eq(t.plots.id, plot.id)));
      // Checked after writing, inside the transaction: two administrators saving at once cannot
      // together exceed the contract (the account row is locked for the check).
      const [account] = await tx
        .select({ contracted: t.accounts.contractedArea })
        .from(t.accounts)
        .where(eq(t.accounts.id, session.accountId))
        .for('update');
      const used = await this.usedContractedArea(tx, session.accountId);
      const contracted = account?.contracted ?? 0;
      if (used > contracted + 1e-9)
        throw new AppError(ERRORS.plotExceededContractedArea, 'More than the contracted area', {
          contracted_area: contracted,
          used_area: used,
        });
    });
    return this.accountPlots(session, session.accountId);
  }

  private requireFullPlan(session: Session): void {
    authorize(session, mayContractArea(session), 'contracted area (Full plan)');
  }
}
