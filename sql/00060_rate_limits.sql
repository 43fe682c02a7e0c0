-- Rate-limit counters (rate-limiter-flexible's Postgres store), shared by every web machine of one database.
-- One row per limiter and client key; rows are tiny and expire (the purge task deletes stale ones).
create unlogged table rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
create index rate_limits_expire on rate_limits (expire);
