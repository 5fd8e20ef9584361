-- Counters of a rate limit are worth nothing after a crash: unlogged, a call's upsert commits
-- without waiting for the WAL to reach the disk, and every API call makes one.
ALTER TABLE "rate_limits" SET UNLOGGED;
