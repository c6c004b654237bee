import { z } from 'zod';

/** GET /healthz: the process answers. */
export const HealthResponseSchema = z.object({ status: z.literal('ok') });

/** GET /readyz: 200 while the database answers. */
export const ReadyResponseSchema = z.object({ status: z.literal('ready') });

/** 503 of GET /readyz: the database does not answer; the load balancer sends no traffic. */
export const NotReadyResponseSchema = z.object({ status: z.literal('unavailable') });
