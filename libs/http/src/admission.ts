// Kept over p-limit: a slot is held until the response closes, which p-limit's slot around a
// function call cannot express, and this sits on every request's path.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@momentum/contracts';
import { isPublicRoute } from './route.js';
import { admissionRefusals } from '@momentum/telemetry';

export interface AdmissionOptions {
  /** Requests worked on at once; the next wait their turn in arrival order. */
  maxInFlight: number;
  /** Requests that may wait; one more is refused with 503 and Retry-After. */
  maxQueued: number;
}

/**
 * Let through at once: public routes (health checks must answer under load, docs cost
 * nothing) and calls between services, which carry the system actor (one waiting on a
 * service that waits on it would never be admitted).
 */
const admittedAtOnce = (request: FastifyRequest) =>
  isPublicRoute(request) || request.actor.type === 'system';

/**
 * Admission control: at most `maxInFlight` requests inside the service, the rest waiting
 * in arrival order. Past its capacity a service gets slower for everyone, and unevenly:
 * a request that writes waits at every turn it takes (a document's, the engine's one
 * writer) behind all the others, while a read waits at none. Waiting at the door
 * instead keeps those inner queues short, so a write costs about what it costs on a quiet
 * service plus the same wait as every other request. Options are checked here, once.
 * Registered after the signed-actor check, which tells a call between services.
 */
export const admissionPlugin = fp<AdmissionOptions>(
  async (app, { maxInFlight, maxQueued }) => {
    if (!Number.isInteger(maxInFlight) || maxInFlight < 1)
      throw new Error('admission: maxInFlight must be a positive integer');
    if (!Number.isInteger(maxQueued) || maxQueued < 0)
      throw new Error('admission: maxQueued must be a non-negative integer');
    let inFlight = 0;
    const waiting: (() => void)[] = [];

    /** The slot passes straight to the next waiting request, or is given back. */
    const release = () => {
      const next = waiting.shift();
      if (next) next();
      else inFlight--;
    };

    app.addHook('onRequest', async (request, reply) => {
      if (admittedAtOnce(request)) return;
      if (inFlight < maxInFlight) inFlight++;
      else if (waiting.length >= maxQueued) {
        admissionRefusals.inc();
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Too many requests in progress; retry shortly',
          undefined,
          { 'retry-after': '1' },
        );
      } else await new Promise<void>((resolve) => waiting.push(resolve));
      // 'close' comes once per response, answered or cut off; also when closed while waiting.
      if (reply.raw.writableEnded || reply.raw.destroyed) release();
      else reply.raw.once('close', release);
    });
  },
  {
    name: 'momentum-admission',
    fastify: '5.x',
    dependencies: ['momentum-errors', 'momentum-signed-actor'],
  },
);
