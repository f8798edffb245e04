import { isLanguage, type Language } from '@lavoura/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import type { Session } from '../auth/session.types.ts';

/**
 * The language the signed-in person chose, for the files written for them (prescriptions,
 * reports, the application log); Portuguese when the stored value is not one.
 */
export async function languageOfSession(db: Executor, session: Session): Promise<Language> {
  const [user] = await db
    .select({ language: t.users.language })
    .from(t.users)
    .where(eq(t.users.id, session.userId));
  return isLanguage(user?.language) ? user.language : 'pt';
}
