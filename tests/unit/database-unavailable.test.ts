import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { classifyError, DATABASE_UNAVAILABLE } from '@/lib/error-classification';
import { toErrorResponse } from '@/lib/http/error-response';

/** A system socket error as node raises it. */
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect', address: '127.0.0.1', port: 5432 });
/** As postgres.js rejects a query: the error with the query attached. */
const ofQuery = <T extends object>(error: T) => Object.defineProperty(error, 'query', { value: 'insert into "contacts" …', enumerable: false });

describe('a database that is down is a 503 with one Italian message, not a 500', () => {
  it.each([
    ['the server shutting down (57P01)', ofQuery(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))],
    ['the server still starting (57P03)', ofQuery(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))],
    ['a connection exception (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['too many connections (53300)', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['a connection postgres.js lost', ofQuery(Object.assign(new Error('write CONNECTION_CLOSED 127.0.0.1:5432'), { code: 'CONNECTION_CLOSED' }))],
    ['a refused connection, through drizzle', new DrizzleQueryError('insert into "quotes" …', [], ofQuery(socketError('ECONNREFUSED')))],
    ['a refused connection, as postgres.js gives it', ofQuery(socketError('ECONNREFUSED'))],
  ])('%s', async (_, error) => {
    expect(classifyError(error)).toEqual({ status: 503, message: DATABASE_UNAVAILABLE });
    const response = toErrorResponse(error);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: DATABASE_UNAVAILABLE });
  });

  it('another service’s socket error is not the database (a mail server, fetch)', () => {
    expect(classifyError(socketError('ECONNREFUSED'))).toBeNull();
    expect(classifyError(new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') }))).toBeNull();
  });
});
