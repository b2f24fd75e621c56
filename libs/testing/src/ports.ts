import net from 'node:net';

/**
 * The URL of a local port nothing listens on, so connections to it are refused: a service
 * that is down. Taken below the ephemeral range (Linux hands `listen(0)` its ports from 32768
 * up), so no server this or another test starts on port 0 is given it meanwhile: a port
 * `listen(0)` had just freed went to the next server the test started, and the "down"
 * service answered.
 */
export async function refusedUrl(): Promise<string> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const server = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!free) continue;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return `http://127.0.0.1:${port}`;
  }
}
