import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { Session } from '../auth/session.types.ts';
import type { ChangeFollower } from '../auth/session.service.ts';

/**
 * A live farm's facts a kept answer is named by (its lists' country and time zone, its forecast's
 * place), read with the account's data version: every write to a farm moves that version.
 */
export interface FarmFacts {
  id: number;
  name: string;
  enabled: boolean;
  countryId: number;
  timeZone: string;
  latitude: number;
  longitude: number;
  createdAt: Date;
}

interface KeptVersion {
  version: string;
  /** Farms read at this version: any farm write moves the version, so they hold while it does. */
  farms: Map<number, FarmFacts>;
}

/** Accounts kept at most; the oldest read goes first. */
const MAX_ACCOUNTS = 50_000;

/** One named statement: the account's data version (migration 0007). */
function versionQuery(db: Database) {
  return db
    .select({ version: t.accountDataVersions.version })
    .from(t.accountDataVersions)
    .where(eq(t.accountDataVersions.accountId, sql.placeholder('accountId')))
    .prepare('lavoura_data_version');
}

/** One named statement: a live farm's facts and its account's data version. */
function farmVersionQuery(db: Database) {
  return db
    .select({
      id: t.farms.id,
      name: t.farms.name,
      enabled: t.farms.enabled,
      countryId: t.farms.countryId,
      timeZone: t.farms.timeZone,
      latitude: t.farms.latitude,
      longitude: t.farms.longitude,
      createdAt: t.farms.createdAt,
      version: t.accountDataVersions.version,
    })
    .from(t.farms)
    .leftJoin(t.accountDataVersions, eq(t.accountDataVersions.accountId, t.farms.accountId))
    .where(
      and(
        eq(t.farms.accountId, sql.placeholder('accountId')),
        eq(t.farms.id, sql.placeholder('farmId')),
        isNull(t.farms.deletedAt),
      ),
    )
    .prepare('lavoura_farm_data_version');
}

/**
 * Each account's data version, the counter the database moves on every write to what a kept
 * answer shows (http/versioned-answers.ts; migrations 0007, 0017, 0019, 0026), kept in process
 * memory so a kept answer costs no query. Every move of the counter raises the session channel's
 * `data` notification (migration 0027) and each process forgets that account; the process that
 * wrote forgets it before its answer leaves (`forgetAfterWrite`), so its caller's next call reads
 * the new version. Another process may answer the previous version for the milliseconds the
 * notification takes to arrive. While the listener is down nothing is kept (every call queries).
 */
export class DataVersions implements ChangeFollower {
  private readonly kept = new Map<number, KeptVersion>();
  private listening = false;
  /** Moved by every forget: a version read before a change is not kept after it. */
  private generation = 0;
  private readonly versionQuery: ReturnType<typeof versionQuery>;
  private readonly farmQuery: ReturnType<typeof farmVersionQuery>;

  constructor(db: Database) {
    this.versionQuery = versionQuery(db);
    this.farmQuery = farmVersionQuery(db);
  }

  changed(kind: string, id: string | undefined): void {
    if (kind !== 'data') return;
    const accountId = Number(id);
    if (Number.isInteger(accountId)) this.forget(accountId);
    else this.flush();
  }

  setListening(up: boolean): void {
    this.flush();
    this.listening = up;
  }

  /**
   * A state-changing call of this process answered: forget what it may have moved before the
   * answer leaves. A call of one account moves that account's data; a public or back-office call,
   * or one whose rows other accounts show (a person's name as a product's informer), may move
   * anyone's: everything is forgotten.
   */
  forgetAfterWrite(session: Session | null, touchesOtherAccounts = false): void {
    if (!session || session.profile === 'ADMIN' || touchesOtherAccounts) this.flush();
    else this.forget(session.accountId);
  }

  /** The account's data version ('0' before its first write). */
  async version(accountId: number): Promise<string> {
    const kept = this.listening ? this.kept.get(accountId) : undefined;
    if (kept) return kept.version;
    const generation = this.generation;
    const [row] = await this.versionQuery.execute({ accountId });
    const version = String(row?.version ?? 0);
    this.keep(accountId, version, generation);
    return version;
  }

  /** A live farm of the account, with the account's data version; undefined when there is none. */
  async farm(
    accountId: number,
    farmId: number,
  ): Promise<(FarmFacts & { version: string }) | undefined> {
    const kept = this.listening ? this.kept.get(accountId) : undefined;
    const facts = kept?.farms.get(farmId);
    if (kept && facts) return { ...facts, version: kept.version };
    const generation = this.generation;
    const [row] = await this.farmQuery.execute({ accountId, farmId });
    if (!row) return undefined;
    const { version: read, ...found } = row;
    const version = String(read ?? 0);
    this.keep(accountId, version, generation)?.farms.set(farmId, found);
    return { ...found, version };
  }

  /** The versions kept now, by account (tests wait on them to hear a write made elsewhere). */
  keptVersions(): Map<number, string> {
    return new Map([...this.kept].map(([accountId, { version }]) => [accountId, version]));
  }

  /** Keeps a version read when `generation` was current, unless something changed since. */
  private keep(accountId: number, version: string, generation: number): KeptVersion | undefined {
    if (!this.listening || generation !== this.generation) return undefined;
    const kept = this.kept.get(accountId);
    if (kept?.version === version) return kept;
    // A newer version read before its notification arrived replaces the kept one; an older never.
    if (kept && BigInt(kept.version) > BigInt(version)) return undefined;
    if (!kept && this.kept.size >= MAX_ACCOUNTS) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.kept.keys().next();
      if (!oldest.done) this.kept.delete(oldest.value);
    }
    const fresh: KeptVersion = { version, farms: new Map() };
    this.kept.set(accountId, fresh);
    return fresh;
  }

  private forget(accountId: number): void {
    this.generation += 1;
    this.kept.delete(accountId);
  }

  private flush(): void {
    this.generation += 1;
    this.kept.clear();
  }
}
