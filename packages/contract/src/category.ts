import * as z from 'zod/mini';
import { envelope, idSchema } from './common.ts';

export const categorySchema = z.object({ id: idSchema, name: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const categoryListResponse = envelope(z.array(categorySchema));
