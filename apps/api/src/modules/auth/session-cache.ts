/**
 * A short-lived, process-local cache of sessions keyed by token id, so an authenticated call
 * usually costs no database round trip. What could make an entry stale is told to every process:
 * database triggers raise a NOTIFY on the session's rows (see the 0002 migration), each process
 * LISTENs and forgets the entries concerned; in this process a state-changing call also forgets
 * what it may have changed before it answers. While the listener is down the cache is skipped.
 */

/** What a cached session depends on: the ids a change notification names. */
export interface SessionKeys {
  userId: number;
  accountId: number;
  membershipId: number;
}

/** A change notification's subject (payload `<schema>:<kind>:<id>`). */
export type SessionChange =
  | { kind: 'token'; jti: string }
  | { kind: 'user'; userId: number }
  | { kind: 'member'; membershipId: number }
  | { kind: 'account'; accountId: number };

interface Entry<T> {
  value: T;
  keys: SessionKeys;
  expiresAt: number;
}

/** Seconds an entry lives at most: a safety net behind the notifications, not the invalidation. */
const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;

export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private listening = false;
  /** Bumped by every forget: a row read before a change must not be stored after it. */
  private generationCounter = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** True while change notifications arrive; the cache is used only then. */
  get enabled(): boolean {
    return this.listening;
  }

  get generation(): number {
    return this.generationCounter;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The listener came up or went down: either way, what is cached may have missed changes. */
  setListening(up: boolean): void {
    this.flush();
    this.listening = up;
  }

  get(jti: string): T | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(jti);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock()) {
      this.entries.delete(jti);
      return undefined;
    }
    return entry.value;
  }

  /** Stores a row read when `generation` was current, unless something changed since. */
  store(jti: string, keys: SessionKeys, value: T, generation: number): void {
    if (!this.listening || generation !== this.generationCounter) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(jti, { value, keys, expiresAt: this.clock() + this.ttlMs });
  }

  flush(): void {
    this.generationCounter += 1;
    this.entries.clear();
  }

  forget(change: SessionChange): void {
    this.generationCounter += 1;
    if (change.kind === 'token') {
      this.entries.delete(change.jti);
      return;
    }
    for (const [jti, { keys }] of this.entries) {
      const concerned =
        (change.kind === 'user' && keys.userId === change.userId) ||
        (change.kind === 'member' && keys.membershipId === change.membershipId) ||
        (change.kind === 'account' && keys.accountId === change.accountId);
      if (concerned) this.entries.delete(jti);
    }
  }

  /** Forgets every entry of a user or of an account (a local state-changing call). */
  forgetUserOrAccount(userId: number, accountId: number): void {
    this.generationCounter += 1;
    for (const [jti, { keys }] of this.entries) {
      if (keys.userId === userId || keys.accountId === accountId) this.entries.delete(jti);
    }
  }
}

/** The NOTIFY channel the session triggers raise (payload `<schema>:<kind>:<id>`). */
export const SESSION_CHANNEL = 'lavoura_sessions';

/** Parses a notification of our schema; another schema's (a test's, say) is undefined. */
export function parseSessionChange(payload: string, schema: string): SessionChange | undefined {
  const [payloadSchema, kind, id] = payload.split(':');
  if (payloadSchema !== schema || id === undefined) return undefined;
  if (kind === 'token') return { kind, jti: id };
  const number = Number(id);
  if (!Number.isInteger(number)) return undefined;
  if (kind === 'user') return { kind, userId: number };
  if (kind === 'member') return { kind, membershipId: number };
  if (kind === 'account') return { kind, accountId: number };
  return undefined;
}
