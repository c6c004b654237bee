export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move forward. */
export function createFakeClock(
  start = new Date('2026-01-05T09:00:00Z'),
): Clock & { advance: (ms: number) => void; set: (date: Date) => void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}
