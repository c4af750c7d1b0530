export type LogFormat = 'json' | 'pretty';

/**
 * LOG_FORMAT: `json`, `pretty`, or `auto` (the default): readable lines when stdout is a terminal, JSON
 * lines otherwise (a pipe, a file, a log collector, the container).
 */
export function resolveLogFormat(value: string | undefined, stdoutIsTerminal: boolean): LogFormat {
  switch (value || 'auto') {
    case 'json':
      return 'json';
    case 'pretty':
      return 'pretty';
    case 'auto':
      return stdoutIsTerminal ? 'pretty' : 'json';
    default:
      throw new Error(`LOG_FORMAT must be json, pretty or auto, got "${value}"`);
  }
}
