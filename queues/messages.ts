// Queue messages carry ids only: the task's Durable Object and R2 hold everything else.
import { z } from "zod";

export const JobMessageSchema = z.object({
  taskId: z.string().uuid(),
  stage: z.enum(["parse", "convert"]),
});

export type JobMessage = z.infer<typeof JobMessageSchema>;
