-- Access tokens: only a SHA-256 of each token is stored, never the token itself.
create table tokens (
  id bigint generated always as identity primary key,
  token_hash bytea not null unique check (length(token_hash) = 32),
  plan text not null check (plan in ('trial', 'single', 'starter', 'pro', 'monthly')),
  email text,
  quota integer check (quota is null or quota >= 0), -- questionnaires allowed; null means unlimited
  used integer not null default 0 check (used >= 0),
  expires_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);

-- One row per questionnaire run. graphile-worker deletes its own job rows when done, so progress lives here.
create table jobs (
  id text primary key check (id ~ '^[a-z0-9]{16,64}$'),
  token_id bigint not null references tokens (id),
  status text not null default 'queued' check (status in ('queued', 'processing', 'completed', 'failed')),
  stage text,
  processed integer not null default 0,
  total integer not null default 0,
  error text,
  questionnaire_name text not null,
  evidence_count integer not null,
  engine text,
  question_count integer,
  average_confidence numeric(5, 2),
  flagged_count integer,
  summary jsonb,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz,
  expires_at timestamptz,
  deleted_at timestamptz
);
create index jobs_token_created on jobs (token_id, created_at desc);
create index jobs_expiring on jobs (expires_at) where deleted_at is null;

-- Uploaded and generated files, encrypted (AES-256-GCM), kept in the database so any machine can serve any job.
create table files (
  id bigint generated always as identity primary key,
  job_id text not null references jobs (id) on delete cascade,
  role text not null check (role in ('questionnaire', 'evidence', 'xlsx', 'pdf', 'answers')),
  position integer not null default 0,
  name text not null,
  size integer not null check (size >= 0),
  sha256 bytea not null,
  content bytea not null,
  created_at timestamptz not null default now(),
  unique (job_id, role, position)
);
create index files_job on files (job_id);
