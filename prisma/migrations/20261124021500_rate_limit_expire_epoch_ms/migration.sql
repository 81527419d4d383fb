-- A window's end as milliseconds since the epoch: the counter is then one statement through the
-- driver, comparing numbers (rate-limiter-flexible's PostgreSQL store).
ALTER TABLE "RateLimit" ALTER COLUMN "expire" TYPE BIGINT USING (EXTRACT(EPOCH FROM "expire") * 1000)::BIGINT;
