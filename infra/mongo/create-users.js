// The Momentum services' MongoDB users (mongosh, run as root): one per service, named after
// it, allowed readWrite on its own database momentum_<service> and nothing else, with the
// password MONGO_<SERVICE>_PASSWORD. Idempotent: a missing user is created, an existing one
// gets the password and roles given now (how a password is rotated).
// Compose runs it on the first start (/docker-entrypoint-initdb.d), Kubernetes in the Job
// mongo-rs-init once the replica set has a primary.
/* global db, print -- mongosh's own names */
// prettier-ignore
const SERVICES = ['identity', 'habits', 'projects', 'issues', 'agents', 'webhooks', 'notifications'];

const admin = db.getSiblingDB('admin');
for (const service of SERVICES) {
  const variable = `MONGO_${service.toUpperCase()}_PASSWORD`;
  const pwd = process.env[variable];
  if (!pwd) throw new Error(`${variable} is not set`);
  const roles = [{ role: 'readWrite', db: `momentum_${service}` }];
  if (admin.getUser(service)) admin.updateUser(service, { pwd, roles });
  else admin.createUser({ user: service, pwd, roles });
  print(`mongo user ${service}: readWrite on momentum_${service}`);
}
