/**
 * Logs as JSON lines on stderr only: in stdio mode stdout carries the protocol.
 * Levels follow pino's numbers, so the stack scripts print them like the services'.
 */
const LEVELS = { debug: 20, info: 30, warn: 40, error: 50 } as const;
export type LogLevel = keyof typeof LEVELS;
export type Logger = Record<LogLevel, (msg: string, extra?: Record<string, unknown>) => void>;

/** pino level names map onto ours (trace → debug, fatal → error); unknown ones mean info. */
export function levelFrom(name: string | undefined): LogLevel {
  if (name === 'trace') return 'debug';
  if (name === 'fatal') return 'error';
  return name !== undefined && name in LEVELS ? (name as LogLevel) : 'info';
}

export function createLogger(
  min: LogLevel = 'info',
  write: (line: string) => void = (l) => process.stderr.write(l),
): Logger {
  const entry =
    (level: LogLevel) =>
    (msg: string, extra: Record<string, unknown> = {}) => {
      if (LEVELS[level] < LEVELS[min]) return;
      write(
        `${JSON.stringify({ level: LEVELS[level], time: Date.now(), name: 'mcp-server', msg, ...extra })}\n`,
      );
    };
  return { debug: entry('debug'), info: entry('info'), warn: entry('warn'), error: entry('error') };
}
