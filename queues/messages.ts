// Queue messages carry ids only: the task's Durable Object and R2 hold everything else.
import { z } from "zod";

export const JobMessageSchema = z.object({
  taskId: z.string().uuid(),
  stage: z.enum(["parse", "convert", "pages", "finish"]),
  /** `pages` only: the part's pages, [first, end) 0-based. */
  range: z.tuple([z.number().int().nonnegative(), z.number().int().positive()]).optional(),
});

export type JobMessage = z.infer<typeof JobMessageSchema>;
