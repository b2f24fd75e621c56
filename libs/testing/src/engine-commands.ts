/** What a command monitor sees of a connection (a mongoose Connection). */
interface Monitored {
  getClient(): {
    on(
      event: 'commandStarted',
      listener: (e: { commandName: string; command: Record<string, unknown> }) => void,
    ): unknown;
  };
}

/** Connection-level commands that are no work of a request's. */
const HOUSEKEEPING = new Set(['hello', 'isMaster', 'ismaster', 'ping', 'endSessions']);

/** A MONGO_URL whose connections report every command (the driver's command monitoring). */
export function monitoredMongoUrl(url = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017') {
  return `${url}${url.includes('?') ? '&' : '?'}monitorCommands=true`;
}

/**
 * The engine commands a connection sends, as `<command> <collection>` in order (a batch of
 * several statements is one command). The connection must have been opened with
 * `monitoredMongoUrl`. `take` answers those since the last `take` and starts afresh.
 */
export function engineCommands(
  db: Monitored,
  /** Commands that are no request's (a background sweep, the test's own reads). */
  ignore: (command: Record<string, unknown>) => boolean = () => false,
): { take(): string[] } {
  let seen: string[] = [];
  db.getClient().on('commandStarted', (e) => {
    if (HOUSEKEEPING.has(e.commandName) || ignore(e.command)) return;
    seen.push(`${e.commandName} ${String(e.command[e.commandName])}`);
  });
  return {
    take() {
      const taken = seen;
      seen = [];
      return taken;
    },
  };
}
