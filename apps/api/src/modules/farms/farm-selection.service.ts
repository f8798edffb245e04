import type { PlotPolygon } from '@lavoura/domain/geo';
import { sharedGroundHa } from '@lavoura/domain/overlap';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { FarmRow } from './farm.presenter.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/** The farm columns every answer needs, with its plots' totals and its bag prices: one query. */
export function farmSelection(db: Executor) {
  return db
    .select({
      id: t.farms.id,
      accountId: t.farms.accountId,
      name: t.farms.name,
      enabled: t.farms.enabled,
      latitude: t.farms.latitude,
      longitude: t.farms.longitude,
      timeZone: t.farms.timeZone,
      createdAt: t.farms.createdAt,
      updatedAt: t.farms.updatedAt,
      countryId: t.countries.id,
      countryName: t.countries.name,
      stateId: t.states.id,
      stateName: t.states.name,
      cityId: t.cities.id,
      cityName: t.cities.name,
      totalArea: sql<number>`coalesce((select sum(p.area) from ${t.plots} p
        where p.account_id = ${t.farms.accountId} and p.farm_id = ${t.farms.id}
          and p.deleted_at is null), 0)`.mapWith(Number),
      totalPlots: sql<number>`(select count(*) from ${t.plots} p
        where p.account_id = ${t.farms.accountId} and p.farm_id = ${t.farms.id}
          and p.deleted_at is null)`.mapWith(Number),
      activeSowing: sql<boolean>`exists (select 1 from ${t.sowings} s
        where s.account_id = ${t.farms.accountId} and s.farm_id = ${t.farms.id}
          and s.deleted_at is null and s.closed_at is null)`,
      bagPrices: sql<{ crop_id: number; currency_id: number; price: string }[]>`coalesce((
        select json_agg(json_build_object('crop_id', b.crop_id, 'currency_id', b.currency_id,
          'price', b.price) order by b.crop_id)
        from ${t.farmBagPrices} b
        where b.account_id = ${t.farms.accountId} and b.farm_id = ${t.farms.id}), '[]'::json)`,
    })
    .from(t.farms)
    .innerJoin(t.countries, eq(t.countries.id, t.farms.countryId))
    .innerJoin(t.states, eq(t.states.id, t.farms.stateId))
    .innerJoin(t.cities, eq(t.cities.id, t.farms.cityId));
}

/**
 * The farms' total areas with ground that plots share (overlaps the user confirmed) counted once:
 * the plots' areas added up, less what their outlines share (the domain's `sharedGroundHa`). Only
 * plots whose boxes meet another live plot's of the same farm are read and clipped.
 */
export async function withSharedGroundOnce(
  db: Executor,
  accountId: number,
  rows: FarmRow[],
): Promise<FarmRow[]> {
  const farmIds = rows.filter((row) => row.totalPlots > 1).map((row) => row.id);
  if (farmIds.length === 0) return rows;
  const other = sql`${t.plots} o`;
  const meeting = await db
    .select({ farmId: t.plots.farmId, geometry: t.plots.geometry })
    .from(t.plots)
    .where(
      and(
        ofAccount(t.plots, accountId),
        isNull(t.plots.deletedAt),
        sql`${t.plots.farmId} in (${sql.join(
          farmIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        sql`exists (select 1 from ${other} where o.account_id = ${t.plots.accountId}
          and o.farm_id = ${t.plots.farmId} and o.id <> ${t.plots.id} and o.deleted_at is null
          and o.min_lng < ${t.plots.maxLng} and ${t.plots.minLng} < o.max_lng
          and o.min_lat < ${t.plots.maxLat} and ${t.plots.minLat} < o.max_lat)`,
      ),
    );
  if (meeting.length === 0) return rows;
  const byFarm = new Map<number, PlotPolygon[]>();
  for (const plot of meeting) {
    const outlines = byFarm.get(plot.farmId) ?? [];
    outlines.push(plot.geometry as PlotPolygon);
    byFarm.set(plot.farmId, outlines);
  }
  return rows.map((row) => {
    const outlines = byFarm.get(row.id);
    if (!outlines) return row;
    const shared = sharedGroundHa(outlines);
    return shared > 0 ? { ...row, totalArea: Math.max(0, row.totalArea - shared) } : row;
  });
}
