/** How long each phase of a start took: the start log prints them on one line. */
export class PhaseTimer {
  private readonly phases: { name: string; ms: number }[] = [];
  private readonly started = performance.now();

  /** Runs `work`, adding its duration to the phase `name` (a phase may be timed in parts). */
  async time<T>(name: string, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      const ms = performance.now() - start;
      const seen = this.phases.find((phase) => phase.name === name);
      if (seen) seen.ms += ms;
      else this.phases.push({ name, ms });
    }
  }

  /** The phases in the order they first ran, in whole milliseconds, and the total so far. */
  report(): { totalMs: number; phases: Record<string, number> } {
    return {
      totalMs: Math.round(performance.now() - this.started),
      phases: Object.fromEntries(this.phases.map((phase) => [phase.name, Math.round(phase.ms)])),
    };
  }
}
