import { OutageWarnings } from '../../database/database-unavailable';
import { databaseUnavailableCause } from '../../database/infrastructure-failure';
import type { PumpLog } from './delivery-pump';

/**
 * The delivery engine's log with database outages as warnings. While the database is away pg-boss's
 * timers and the pump's loop fail every second or so, and they resume by themselves when it is back:
 * each failure and cause is one warning per interval (with how many were left out), not an error per
 * attempt. Every other error is logged as before.
 */
export function outageAwareLog(log: PumpLog, warnings = new OutageWarnings()): PumpLog {
  return {
    warn: (message) => log.warn(message),
    debug: (message) => log.debug(message),
    error: (message, error) => {
      const cause = databaseUnavailableCause(error);
      if (cause === null) return log.error(message, error);
      const admitted = warnings.admit(cause, message);
      if (admitted === null) return;
      log.warn(`${message}: database unavailable: ${cause}${admitted.leftOut > 0 ? ` (${admitted.leftOut} more since the last warning)` : ''}`);
    },
  };
}
