import type { Config } from '../config/env';
import type { DatabaseHandle, Db } from '../db/client';

/** What every service needs. `clock` is swappable so tests can move time (idle expiry, codes). */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Db;
  clock: { now(): Date };
}
