import { LRUCache } from 'lru-cache';

/** How much of programs' JSON a process keeps (characters counted twice: UTF-16). */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * Each program's entry of the list as validated JSON, kept between answers (issue 29 item 10):
 * a list answered after a write reads, validates and writes again only the programs whose stamp
 * moved, and copies the others' JSON. An entry is kept under the account, the program and the
 * kind of list (basic or not) with the stamp it was read at: the program's `list_stamp`, which
 * the database moves on every write to what the entry shows (migration 0025), and the
 * catalogue's version. Which programs a session sees is never kept here: the list reads it each
 * time, with the stamps.
 */
export class ProgramListEntries {
  private readonly kept = new LRUCache<string, { stamp: string; json: string }>({
    maxSize: MAX_BYTES,
    sizeCalculation: (entry) => entry.json.length * 2,
  });

  /** The entry's JSON if kept at this stamp. */
  get(accountId: number, programId: number, basic: boolean, stamp: string): string | undefined {
    const entry = this.kept.get(`${accountId}:${programId}:${basic ? 'basic' : 'full'}`);
    return entry?.stamp === stamp ? entry.json : undefined;
  }

  set(accountId: number, programId: number, basic: boolean, stamp: string, json: string): void {
    this.kept.set(`${accountId}:${programId}:${basic ? 'basic' : 'full'}`, { stamp, json });
  }
}
