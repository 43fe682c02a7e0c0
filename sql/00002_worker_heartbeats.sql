-- One row per running worker process: the web status page and /healthz read it, and a starting worker releases
-- the queue locks of graphile-worker ids whose process has stopped beating.
create table worker_heartbeats (
  id text primary key,                        -- host:pid:random, one per process
  graphile_worker_ids text[] not null default '{}',
  started_at timestamptz not null default now(),
  beat_at timestamptz not null default now()
);
