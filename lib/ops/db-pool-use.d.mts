import type { Sql } from 'postgres';

export type PoolTally = { busy: number; max: number };
export declare const poolUse: Map<string, PoolTally>;
export declare function countPoolUse<T extends Sql>(client: T, pool: 'owner' | 'app'): { client: T; release: () => void };
