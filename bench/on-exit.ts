// Whatever the bench starts (stacks, engines, helper processes) is stopped on every exit: a
// `finally` covers errors, and this covers Ctrl-C and `kill`, which skip every `finally`.
const stoppers = new Set<() => Promise<void>>();
let stopping = false;

async function stopAllThenExit(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  process.stderr.write(`[bench] ${signal}: stopping what the bench started\n`);
  await Promise.allSettled([...stoppers].map((stop) => stop()));
  process.exit(signal === 'SIGINT' ? 130 : 143);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => void stopAllThenExit(signal));

/**
 * Registers `stop` until it has run once: the returned function runs it (at most once) and
 * forgets it. A signal runs every registered one before the process exits.
 */
export function stopOnExit(stop: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  const once = () => {
    stoppers.delete(once);
    return (done ??= stop());
  };
  stoppers.add(once);
  return once;
}
