import { connect } from 'node:net';

/** The Redis the tests count in: database 14 of the local server, keys of each run only. */
export const testRedisUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379/14';

/** Whether something answers on the URL's port: the Redis tests skip themselves when nothing does. */
export function isReachable(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
