declare module 's3rver' {
  import type { Server } from 'node:http';
  type Middleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void> | void;
  export type S3rverContext = {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
    set: (name: string, value: string) => void;
  };
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      directory: string;
      silent?: boolean;
      configureBuckets?: { name: string }[];
      allowMismatchedSignatures?: boolean;
    });
    middleware: Middleware[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    httpServer?: Server;
  }
}
