import { useEffect, useState } from 'react';

/**
 * Seconds left until a moment (ms since epoch), ticking every second; 0 once passed or when
 * there is no moment. Used by "resend the e-mail" (every 3 minutes).
 */
export function useCountdown(until: number | null): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (until === null) return;
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      setLeft(0);
    };
  }, [until]);
  return until === null ? 0 : left;
}

/** 125 → "2:05". */
export function formatWait(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
