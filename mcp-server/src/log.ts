import { pino, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };

/** pino's level names; an unknown LOG_LEVEL means info. */
export function levelFrom(name: string | undefined): LevelWithSilent {
  return name !== undefined && name in pino.levels.values ? (name as LevelWithSilent) : 'info';
}

/**
 * pino, writing JSON lines to stderr only: in stdio mode stdout carries the protocol.
 * Synchronous, so a line written just before `process.exit` is not lost.
 */
export function createLogger(
  level: LevelWithSilent = 'info',
  write?: (line: string) => void,
): Logger {
  const stream = write ? { write } : pino.destination({ dest: 2, sync: true });
  return pino({ name: 'mcp-server', level, base: undefined }, stream);
}
