// Figure 13's service (floor.ts): the least creating a to-do, completing a habit and a GET by
// id can be on this machine's engine and NATS server. Each makes only the engine operations
// and the publish its request must, on a copy of habits' task indexes, along the services'
// write path (libs/messaging outbox.ts): a create inserts the task with its event in the
// outbox and answers (one command); a completion reads the task, writes it guarded by its
// revision with its event and its XP pending, adds the XP to the profile and answers (three);
// a GET reads once. Off the request path, the publishes of a 5 ms window leave in one socket
// write (write-window.ts), and the pulls of published events asked for in one turn go out as
// one command (outbox-pulls.ts); a completion's pull takes its pending XP off in the same
// statement (OutboxRelay.flushHolding). No key check, validation, logs, metrics or traces; a
// body that is not JSON answers 500. What it reaches is the most any implementation of these
// requests with an outbox, behind a proxy or not, could reach here.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers';
import { MongoClient } from 'mongodb';
import { connect } from 'nats';

const { FLOOR_MONGO_URL, FLOOR_DB, FLOOR_INDEXES_FROM, FLOOR_NATS_URL, FLOOR_STREAM } = process.env;
if (!FLOOR_MONGO_URL || !FLOOR_DB || !FLOOR_INDEXES_FROM || !FLOOR_NATS_URL || !FLOOR_STREAM)
  throw new Error(
    'floor-service: FLOOR_MONGO_URL, FLOOR_DB, FLOOR_INDEXES_FROM, FLOOR_NATS_URL and FLOOR_STREAM are needed',
  );

const client = await new MongoClient(FLOOR_MONGO_URL, { maxPoolSize: 20 }).connect();
const db = client.db(FLOOR_DB);
const tasks = db.collection('tasks');
const profiles = db.collection('profiles');
// habits' own indexes on its tasks (its outbox's included), read from its database.
await db.createCollection('tasks');
for (const index of await client
  .db(FLOOR_INDEXES_FROM)
  .collection('tasks')
  .listIndexes()
  .toArray()) {
  if (index.name === '_id_') continue;
  const { key, name, partialFilterExpression } = index;
  await tasks.createIndex(key, {
    name,
    ...(partialFilterExpression ? { partialFilterExpression } : {}),
  });
}

const nc = await connect({ servers: FLOOR_NATS_URL });
const subject = `${FLOOR_STREAM.toLowerCase()}.task`;
await (await nc.jetstreamManager()).streams.add({ name: FLOOR_STREAM, subjects: [`${subject}.>`] });
const js = nc.jetstream();

// A window the publishes of a moment share, so they leave in one socket write: nats.js
// writes at the end of the microtask checkpoint a command was queued in, and every caller of
// a window resumes in the same one (libs/messaging write-window.ts).
const PUBLISH_WINDOW_MS = 5;
let window;
const publishWindow = () =>
  (window ??= new Promise((resolve) =>
    setTimeout(() => {
      window = undefined;
      resolve();
    }, PUBLISH_WINDOW_MS),
  ));

// The pulls asked for in one turn go out together at its end, and those asked for while a
// command is out go together as the next: one `update` of a statement per task.
const MAX_PULLS = 100;
let pulls = [];
let pulling = false;
function pullOff(pull) {
  pulls.push(pull);
  if (pulling) return;
  pulling = true;
  setImmediate(async () => {
    try {
      while (pulls.length) await sendPulls(pulls.splice(0, MAX_PULLS));
    } catch (err) {
      console.error('floor-service pulls:', err);
    } finally {
      pulling = false;
    }
  });
}

/**
 * One command for the batch. A joined statement applies only while its task holds just
 * its XP entry; when the reply counts fewer matches than statements (it does not say which),
 * each joined pull goes its own way, as takeOffPending does (libs/storage pending-entries.ts):
 * the entries as written, then the marker if none is left; no-ops where it had applied.
 */
async function sendPulls(batch) {
  const written =
    batch.length === 1
      ? await tasks.updateOne(batch[0].filter, batch[0].update)
      : await tasks.bulkWrite(
          batch.map(({ filter, update }) => ({ updateOne: { filter, update } })),
          { ordered: false },
        );
  if (written.matchedCount === batch.length) return;
  const alone = batch.filter((p) => p.xp);
  if (!alone.length) return;
  await tasks.bulkWrite(
    alone.flatMap(({ id, event, xp }) => [
      {
        updateOne: {
          filter: { _id: id },
          update: { $pullAll: { _outbox: [event], xpPending: [xp] } },
        },
      },
      {
        updateOne: {
          filter: { _id: id, xpPending: { $size: 0 } },
          update: { $unset: { xpPending: '', xpPendingSince: '' } },
        },
      },
    ]),
    { ordered: true },
  );
}

/**
 * After the answer: publish in the window, then pull the event off its task; with the
 * task's pending XP (`xp`) in the same statement while the task holds just that entry.
 */
const relay = (id, event, xp) =>
  publishWindow()
    .then(() => js.publish(`${subject}.${event.type}`, JSON.stringify(event), { msgID: event.id }))
    .then(() =>
      pullOff({
        id,
        event,
        xp,
        ...(xp
          ? {
              filter: { _id: id, xpPending: [xp] },
              update: {
                $pullAll: { _outbox: [event] },
                $unset: { xpPending: '', xpPendingSince: '' },
              },
            }
          : { filter: { _id: id }, update: { $pullAll: { _outbox: [event] } } }),
      }),
    )
    .catch((err) => console.error('floor-service relay:', err));

const eventOf = (type, data, now) => ({
  id: randomUUID(),
  type,
  occurredAt: now.toISOString(),
  actor: { type: 'user', id: 'floor-user', userId: 'floor-user' },
  data,
});

const send = (res, status, body) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

async function create(body) {
  const now = new Date();
  const doc = {
    _id: randomUUID(),
    userId: 'floor-user',
    teamId: null,
    type: body.type,
    title: body.title,
    titleKey: body.title.toLowerCase(),
    difficulty: body.difficulty,
    isPositive: body.isPositive ?? null,
    archived: false,
    streak: 0,
    completions: 0,
    lastCompletedDay: null,
    dueDate: null,
    rev: 0,
    createdAt: now,
    updatedAt: now,
  };
  const event = eventOf('task.created', { id: doc._id, title: doc.title }, now);
  await tasks.insertOne({ ...doc, _outbox: [event] });
  void relay(doc._id, event, null);
  return [201, { data: { ...doc, id: doc._id } }];
}

async function complete(id) {
  for (;;) {
    const now = new Date();
    const task = await tasks.findOne({ _id: id }, { projection: { _outbox: 0 } });
    if (!task) return [404, { error: { code: 'NOT_FOUND' } }];
    const streak = task.streak + 1;
    const event = eventOf('task.completed', { id, streak, xpEarned: 6 }, now);
    // The XP waits on the task until the profile has it: a crash between the two loses none.
    const xp = { id: randomUUID(), xp: 6, at: now };
    const written = await tasks.findOneAndUpdate(
      { _id: id, rev: task.rev },
      {
        $set: {
          streak,
          completions: task.completions + 1,
          lastCompletedDay: now.toISOString().slice(0, 10),
          updatedAt: now,
        },
        $inc: { rev: 1 },
        $push: { _outbox: event, xpPending: xp },
        $min: { xpPendingSince: now },
      },
      { returnDocument: 'after', projection: { _outbox: 0, xpPending: 0 } },
    );
    if (!written) continue;
    const profile = await profiles.findOneAndUpdate(
      { _id: task.userId },
      { $inc: { xp: 6 }, $set: { updatedAt: now } },
      { upsert: true, returnDocument: 'after' },
    );
    void relay(id, event, xp);
    const level = Math.floor(profile.xp / 100) + 1;
    return [
      200,
      { data: { task: { id, streak }, xpEarned: 6, newLevel: level, leveledUp: false } },
    ];
  }
}

async function read(id) {
  const task = await tasks.findOne({ _id: id }, { projection: { _outbox: 0 } });
  return task ? [200, { data: { ...task, id } }] : [404, { error: { code: 'NOT_FOUND' } }];
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const [, , , id, action] = req.url.split('/'); // /api/tasks[/:id[/complete]]
    const answer = Promise.resolve().then(() =>
      req.method === 'POST' && !id
        ? create(JSON.parse(Buffer.concat(chunks).toString()))
        : req.method === 'POST' && action === 'complete'
          ? complete(id)
          : read(id),
    );
    answer.then(
      ([status, body]) => send(res, status, body),
      (err) => send(res, 500, { error: { message: String(err) } }),
    );
  });
});

// A free port, said on stdout for the bench to read.
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));

process.on('SIGTERM', () => {
  server.close();
  void Promise.allSettled([nc.drain(), client.close()]).then(() => process.exit(0));
});
