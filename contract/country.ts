import { z } from 'zod';

export const country = z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable() });
export type Country = z.infer<typeof country>;
