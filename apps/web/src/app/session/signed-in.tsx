import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ShellPermissionKey } from '@lavoura/domain';
import type { SessionUser } from '../../api/session';

/** The signed-in user as the shell and the areas see it, once GET /api/menu/dados-usuario answered. */
export interface SignedIn {
  user: SessionUser;
  /** Codes and shell keys of GET /api/permissions; null while loading (or failed). */
  permissions: ReadonlySet<string> | null;
  permissionsError: unknown;
  retryPermissions: () => void;
  /** Whether the user has a permission code or shell key (false while permissions load). */
  can: (key: ShellPermissionKey | string) => boolean;
}

const SignedInContext = createContext<SignedIn | null>(null);

export function SignedInProvider({
  user,
  permissions,
  permissionsError,
  retryPermissions,
  children,
}: Omit<SignedIn, 'can' | 'permissions'> & {
  permissions: readonly string[] | undefined;
  children: ReactNode;
}) {
  const value = useMemo<SignedIn>(() => {
    const set = permissions ? new Set(permissions) : null;
    return {
      user,
      permissions: set,
      permissionsError,
      retryPermissions,
      can: (key) => set?.has(key) ?? false,
    };
  }, [user, permissions, permissionsError, retryPermissions]);
  return <SignedInContext.Provider value={value}>{children}</SignedInContext.Provider>;
}

/** The session inside the signed-in frames (shell, reports); an error anywhere else. */
export function useSignedIn(): SignedIn {
  const session = useContext(SignedInContext);
  if (!session) throw new Error('useSignedIn() outside a signed-in frame');
  return session;
}

/** The session when there is one (pages that work both ways, like the terms of use). */
export function useOptionalSignedIn(): SignedIn | null {
  return useContext(SignedInContext);
}
