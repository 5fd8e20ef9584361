import type { Server } from 'node:http';

/** Types of shutdown.mjs (plain Node, loaded by server.mjs before Next). */
export function gracefulShutdown(server: Server, options?: { log?: (line: string) => void; exit?: (code: number) => void }): { closing: () => boolean };
