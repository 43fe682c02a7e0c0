-- POST /api/fill with a callbackUrl (ADR 030): where to POST the job's status document when it ends, and the
-- signing secret (derived from the token, which is stored only as a hash) encrypted with the file key.
create table job_callbacks (
  job_id text primary key references jobs (id) on delete cascade,
  url text not null,
  secret bytea not null,
  attempts integer not null default 0,
  delivered_at timestamptz,
  last_status integer,
  last_error text,
  created_at timestamptz not null default now()
);
