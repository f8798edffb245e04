import { useCallback, useEffect, useRef, useState } from 'react';

/** The spec: closing the drawer while a sub-drawer is open waits this long (the sub-drawer first). */
export const DRAWER_CLOSE_DELAY_MS = 300;

export interface DrawerState {
  open: boolean;
  /** The group whose sub-drawer is open. */
  subDrawer: string | null;
  toggle: () => void;
  close: () => void;
  openSubDrawer: (group: string) => void;
  closeSubDrawer: () => void;
}

/** The left drawer: open by default on a wide screen, closed on a phone. */
export function useDrawerState(wide: boolean): DrawerState {
  const [open, setOpen] = useState(wide);
  const [subDrawer, setSubDrawer] = useState<string | null>(null);
  const [wasWide, setWasWide] = useState(wide);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  if (wasWide !== wide) {
    // Crossing the breakpoint starts over: open on a wide screen, closed on a phone.
    setWasWide(wide);
    setOpen(wide);
    setSubDrawer(null);
  }

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const closeSubDrawer = useCallback(() => setSubDrawer(null), []);
  const close = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    if (subDrawer === null) {
      setOpen(false);
      return;
    }
    setSubDrawer(null);
    timer.current = setTimeout(() => setOpen(false), DRAWER_CLOSE_DELAY_MS);
  }, [subDrawer]);
  const toggle = useCallback(() => {
    if (open) close();
    else setOpen(true);
  }, [open, close]);
  const openSubDrawer = useCallback((group: string) => {
    if (timer.current) clearTimeout(timer.current);
    setOpen(true);
    setSubDrawer((current) => (current === group ? null : group));
  }, []);

  return { open, subDrawer, toggle, close, openSubDrawer, closeSubDrawer };
}
