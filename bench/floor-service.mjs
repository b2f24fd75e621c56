// Figure 13's service (floor.ts): the least creating a to-do, completing a habit and a GET by
// id can be on this machine's engine and NATS server. Each makes only the engine operations
// and the publish its request must, on a copy of habits' task indexes: a create inserts the
// task with its event in the outbox, answers, publishes and pulls the event off (pulls of
// requests meanwhile go in one bulk write); a completion reads the task, writes it guarded by
// its revision with its event, adds the XP to the profile, answers, publishes and pulls; a GET
// reads once. No key check, validation, logs, metrics or traces; a body that is not JSON
// answers 500. What it reaches is the most any implementation of these requests with an outbox,
// behind a proxy or not, could reach here.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
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

// Pulls asked for while a bulk write of them is out go together in the next.
let pulls = [];
let pulling = false;
async function pullOff(id, event) {
  pulls.push({ updateOne: { filter: { _id: id }, update: { $pullAll: { _outbox: [event] } } } });
  if (pulling) return;
  pulling = true;
  try {
    while (pulls.length) {
      const batch = pulls;
      pulls = [];
      await tasks.bulkWrite(batch, { ordered: false });
    }
  } finally {
    pulling = false;
  }
}

/** After the answer: publish, then pull the event off its task. */
const relay = (id, event) =>
  js
    .publish(`${subject}.${event.type}`, JSON.stringify(event), { msgID: event.id })
    .then(() => pullOff(id, event))
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
  void relay(doc._id, event);
  return [201, { data: { ...doc, id: doc._id } }];
}

async function complete(id) {
  for (;;) {
    const now = new Date();
    const task = await tasks.findOne({ _id: id }, { projection: { _outbox: 0 } });
    if (!task) return [404, { error: { code: 'NOT_FOUND' } }];
    const streak = task.streak + 1;
    const event = eventOf('task.completed', { id, streak, xpEarned: 6 }, now);
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
        $push: { _outbox: event },
      },
      { returnDocument: 'after', projection: { _outbox: 0 } },
    );
    if (!written) continue;
    const profile = await profiles.findOneAndUpdate(
      { _id: task.userId },
      { $inc: { xp: 6 }, $set: { updatedAt: now } },
      { upsert: true, returnDocument: 'after' },
    );
    void relay(id, event);
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
