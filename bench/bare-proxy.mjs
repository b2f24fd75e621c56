// Figure 1's floor (throughput.ts) and figure 13's hop (floor.ts): the proxy hop alone, on the
// components' Node. It parses each request, sends it on to one upstream with the headers the
// bench signed last (and the request's body), and relays the status, content type and body —
// no key check, signing, logs, metrics or traces. What it loses against a direct call is what
// any Node proxy in front of a service costs here; what the gateway loses against it is the
// gateway's own work.
import http from 'node:http';
import { createInterface } from 'node:readline';
import { Pool } from 'undici';

const upstream = process.env.BARE_PROXY_UPSTREAM;
if (!upstream) throw new Error('BARE_PROXY_UPSTREAM is needed');

// A line of JSON on stdin each time the bench signs a batch: an array of header sets, one per
// request (a signature's nonce is taken once; sets older than FRESH_MS, well inside the
// signature's window, are dropped).
// It listens once it has the first batch.
const FRESH_MS = 4_000;
// BARE_PROXY_SIGNED=false: an upstream that checks no signature (figure 13's floor service).
const signs = process.env.BARE_PROXY_SIGNED !== 'false';
let batches = [];
let listening = false;
const listen = () => {
  listening = true;
  // A free port, said on stdout for the bench to read.
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
};
createInterface({ input: process.stdin }).on('line', (line) => {
  const now = Date.now();
  batches = batches.filter((b) => now - b.at < FRESH_MS && b.sets.length > 0);
  batches.push({ at: now, sets: JSON.parse(line) });
  if (!listening) listen();
});

/** The oldest unused header set still fresh; null when none is left (the bench fell behind). */
function nextSigned() {
  const now = Date.now();
  while (batches.length && (now - batches[0].at >= FRESH_MS || !batches[0].sets.length))
    batches.shift();
  return batches.length ? batches[0].sets.pop() : null;
}

// As many connections as the load has: none waits for one.
const pool = new Pool(upstream, { connections: 16 });
const server = http.createServer((req, res) => {
  // A body goes on as it arrives, with its type and length (figure 13's creates).
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : req;
  const signed = signs ? nextSigned() : {};
  if (!signed) {
    // Counted as a failure by the bench, which throws rather than report a flattered floor.
    res.writeHead(503).end('no signed headers left');
    return;
  }
  const sent = { ...signed };
  for (const name of ['content-type', 'content-length'])
    if (body && req.headers[name]) sent[name] = req.headers[name];
  pool
    .request({ path: req.url, method: req.method, headers: sent, body })
    .then(async (answer) => {
      const body = Buffer.from(await answer.body.arrayBuffer());
      res.writeHead(answer.statusCode, { 'content-type': answer.headers['content-type'] });
      res.end(body);
    })
    .catch((err) => {
      res.writeHead(502).end(String(err));
    });
});

if (!signs) listen();
