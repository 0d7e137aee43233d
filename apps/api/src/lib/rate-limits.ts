import type { Config } from '../config/env';

/**
 * Per-IP limits of the routes that take a guess at a secret (client IP from the socket unless
 * TRUST_PROXY). Each route that uses one keeps its own bucket per IP.
 */
export function perIpLimits(config: Config) {
  return {
    perMinute: { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
    invite: { max: config.INVITE_RATE_LIMIT_PER_HOUR, timeWindow: 3_600_000 },
  };
}
