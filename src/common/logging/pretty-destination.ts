import pino, { type DestinationStream } from 'pino';
import { prettyFactory } from 'pino-pretty';

/**
 * Human-readable log lines (pino-pretty) for a terminal: one line per entry, a completed request as
 * "GET /url → 200 (4.2 ms)". It formats the JSON line pino has already redacted, so it shows nothing
 * the JSON would not. Writes synchronously, like pino's own stdout, so the last lines survive an exit.
 */
export function prettyDestination(destination?: DestinationStream): DestinationStream {
  const prettify = prettyFactory({
    // Node's own test of the terminal (NO_COLOR and FORCE_COLOR included).
    colorize: destination ? false : process.stdout.isTTY && process.stdout.hasColors(),
    translateTime: 'SYS:HH:MM:ss.l',
    singleLine: true,
    ignore: 'pid,hostname,method,url,status,durationMs',
    messageFormat: '{msg}{if method}: {method} {url} → {status} ({durationMs} ms){end}',
  });
  const output = destination ?? pino.destination({ dest: 1, sync: true });
  return { write: (line: string) => output.write(prettify(line)) };
}
