import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { MaintenanceSwitch } from '../../http/maintenance.ts';

const SETTING = 'maintenance';

/**
 * The maintenance switch as stored: every API process reads it (main.ts polls it), and the back
 * office flips it for all of them.
 */
export class MaintenanceService {
  constructor(
    private readonly db: Database,
    readonly state: MaintenanceSwitch,
  ) {}

  /** The stored setting (off when never set). */
  async stored(): Promise<boolean> {
    const [row] = await this.db.select().from(t.settings).where(eq(t.settings.name, SETTING));
    return row?.value === 'true';
  }

  /** Stores the setting and switches this process at once; the others follow at their next poll. */
  async set(enabled: boolean): Promise<boolean> {
    const value = String(enabled);
    await this.db
      .insert(t.settings)
      .values({ name: SETTING, value })
      .onConflictDoUpdate({ target: t.settings.name, set: { value, updatedAt: new Date() } });
    this.state.enabled = enabled;
    return enabled;
  }

  /** Brings this process in line with the stored setting. */
  async follow(): Promise<void> {
    this.state.enabled = await this.stored();
  }
}
