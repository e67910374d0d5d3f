import * as z from 'zod/mini';
import { envelope } from './common.ts';

/** GET /api/v1/health: 200 while the database answers; otherwise 503 DATABASE_UNAVAILABLE. */
export const healthResponse = envelope(z.object({ status: z.literal('ok'), database: z.literal('ok') }));
