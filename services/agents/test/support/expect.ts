import { expect } from 'vitest';

/** An ISO 8601 timestamp as the API writes it. */
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** docs/interface.md §7 shape B, used on /api/agents: exactly `{ statusCode, message }`. */
export const shapeB = (statusCode: number) => ({ statusCode, message: expect.any(String) });
