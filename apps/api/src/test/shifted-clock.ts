/**
 * Vitest setup file: with TEST_CLOCK_AT (an ISO instant) the process's clock starts there instead
 * of now and runs on, so the suite can be run at another time of day or week (cut-offs, market
 * hours, the SAST date) to find tests that pass only at the hour they were written. The database's
 * own now() is not moved.
 */
const at = process.env.TEST_CLOCK_AT;
// Once per worker: setup files run again before each test file, and the api project's files share
// a worker's process (isolate: false, decision 0068); a second shift would move the clock twice.
const shifted = Symbol.for('imali.shiftedClock');
const globalWithFlag = globalThis as typeof globalThis & { [shifted]?: true };
if (at && !globalWithFlag[shifted]) {
  globalWithFlag[shifted] = true;
  const RealDate = Date;
  const offsetMs = RealDate.parse(at) - RealDate.now();
  if (Number.isNaN(offsetMs)) throw new Error(`TEST_CLOCK_AT is not an instant: ${at}`);
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...(args as [string]));
    }
    static override now() {
      return RealDate.now() + offsetMs;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
