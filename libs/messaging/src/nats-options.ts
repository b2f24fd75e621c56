import type { ConnectionOptions } from 'nats';

/**
 * The connection options a NATS_URL stands for. A deployment gives each process its own NATS
 * user in the URL (`nats://identity:<password>@nats:4222`), which the nats client does not
 * read from a URL itself: the credentials become `user`/`pass`, the server list keeps none
 * (so an error naming the server shows no password), and replies come to the user's own
 * inbox prefix `_INBOX_<user>`, the only inboxes the server's permissions let it subscribe
 * to (a shared `_INBOX.>` would let any process read every other process's replies).
 */
export function natsConnectOptions(
  url: string,
): Pick<ConnectionOptions, 'servers' | 'user' | 'pass' | 'inboxPrefix'> {
  const servers = url.split(',').map((s) => s.trim());
  let user: string | undefined;
  let pass: string | undefined;
  const plain = servers.map((server) => {
    const parsed = /^([a-z]+:\/\/)?([^@/]*)@(.*)$/i.exec(server);
    if (!parsed) return server;
    const [name = '', password = ''] = (parsed[2] ?? '').split(/:(.*)/s);
    user ??= decodeURIComponent(name);
    pass ??= decodeURIComponent(password);
    return `${parsed[1] ?? ''}${parsed[3] ?? ''}`;
  });
  if (!user) return { servers: plain };
  return { servers: plain, user, pass, inboxPrefix: `_INBOX_${user}` };
}
