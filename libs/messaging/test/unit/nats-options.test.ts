import { describe, expect, it } from 'vitest';
import { natsConnectOptions } from '../../src/nats-options.js';

describe('natsConnectOptions', () => {
  it('a URL without credentials is passed as it is, with the default inboxes', () => {
    expect(natsConnectOptions('nats://127.0.0.1:4222')).toEqual({
      servers: ['nats://127.0.0.1:4222'],
    });
  });

  it('credentials become user and pass, the servers keep none, replies come to the user’s inboxes', () => {
    expect(natsConnectOptions('nats://identity:s3cr%40t:x@nats:4222')).toEqual({
      servers: ['nats://nats:4222'],
      user: 'identity',
      pass: 's3cr@t:x',
      inboxPrefix: '_INBOX_identity',
    });
  });

  it('a list of servers: every one is stripped, the first credentials count', () => {
    expect(natsConnectOptions('nats://gateway:pw@nats-0:4222, nats-1:4222')).toEqual({
      servers: ['nats://nats-0:4222', 'nats-1:4222'],
      user: 'gateway',
      pass: 'pw',
      inboxPrefix: '_INBOX_gateway',
    });
  });
});
