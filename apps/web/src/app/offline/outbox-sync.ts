import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ERROR_KEYS } from '@lavoura/domain';
import { applySpraying } from '../../api/executions';
import { ApiError } from '../../api/http';
import { createNote } from '../../api/notes';
import { useSignedIn } from '../session/signed-in';
import {
  currentOutbox,
  enqueue,
  filesOf,
  loadOutbox,
  outboxOf,
  settle,
  unreachable,
  type OutboxChange,
} from './outbox';

/** While changes wait and the browser says it is online, they are tried again this often. */
const RETRY_MS = 30_000;

interface Owner {
  accountId: number;
  userId: number;
}

/** Sends one kept change as the screen would have sent it. */
async function send(change: OutboxChange): Promise<void> {
  switch (change.kind) {
    case 'apply-spraying':
      await applySpraying(change.programId, change.ordinal, change.appliedAt);
      return;
    case 'note':
      await createNote(change.farmId, change.body, filesOf(change.files));
      return;
  }
}

/** The server could not take it now (down, in maintenance, the session to renew): try later. */
function later(error: unknown): boolean {
  return (
    unreachable(error) ||
    (error instanceof ApiError && (error.status >= 500 || error.status === 401))
  );
}

let flushing: Promise<void> | null = null;

/**
 * Sends this member's waiting changes in the order they were made. A change the server refuses is
 * kept as refused with its answer (the screen tells it); one it cannot take now stops the run, and
 * the rest wait behind it so their order holds. Every screen's data is then read again.
 */
export function flushOutbox(owner: Owner, queryClient: QueryClient): Promise<void> {
  flushing ??= (async () => {
    let settled = 0;
    try {
      const waiting = outboxOf(currentOutbox(), owner).filter((row) => row.state === 'waiting');
      for (const entry of waiting) {
        try {
          await send(entry.change);
          await settle(entry, { state: 'sent' });
          settled += 1;
        } catch (error) {
          if (later(error)) break;
          await settle(entry, {
            state: 'refused',
            error:
              error instanceof ApiError
                ? error
                : new ApiError(0, {
                    code: 0,
                    key: ERROR_KEYS.unexpected,
                    context: { message: String(error) },
                  }),
          });
          settled += 1;
        }
      }
    } finally {
      flushing = null;
    }
    // Sent or refused, the server's data differs from what the screens show (a refusal often
    // means someone else changed it meanwhile).
    if (settled > 0) await queryClient.invalidateQueries();
  })();
  return flushing;
}

/**
 * Sends a change now, or keeps it for later when there is no signal (the browser says so, or the
 * request never reached the server). 'kept' tells the screen to say it waits.
 */
export async function sendOrKeep<T>(
  owner: Owner,
  change: OutboxChange,
  sendNow: () => Promise<T>,
): Promise<T | 'kept'> {
  if (!navigator.onLine) {
    await enqueue(owner, change);
    return 'kept';
  }
  try {
    return await sendNow();
  } catch (error) {
    if (!unreachable(error)) throw error;
    await enqueue(owner, change);
    return 'kept';
  }
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser has a network, re-rendering when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/** The signed-in member as the outbox knows them. */
export function useOutboxOwner(): Owner {
  const { user } = useSignedIn();
  return { accountId: user.account.id, userId: user.id };
}

/**
 * Sends what waits when the app opens, when the signal returns, and every half minute while
 * something still waits (a server that was down).
 */
export function useOutboxSync(): void {
  const { accountId, userId } = useOutboxOwner();
  const queryClient = useQueryClient();
  useEffect(() => {
    const run = () => {
      if (!navigator.onLine) return;
      const owner = { accountId, userId };
      if (outboxOf(currentOutbox(), owner).some((row) => row.state === 'waiting'))
        void flushOutbox(owner, queryClient);
    };
    // The outbox is read from disk first: what waited when the app was closed goes too.
    void loadOutbox().then(run);
    window.addEventListener('online', run);
    const timer = window.setInterval(run, RETRY_MS);
    return () => {
      window.removeEventListener('online', run);
      window.clearInterval(timer);
    };
  }, [accountId, userId, queryClient]);
}
