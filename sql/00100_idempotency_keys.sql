-- POST /api/fill with an Idempotency-Key (ADR 029): the job a key created, per token, for 24 hours. The
-- fingerprint is a SHA-256 of the request's fields and files, so a retry with the same body answers the same job
-- and one with another body is refused. Rows older than 24 h are ignored, replaced on reuse and deleted daily.
create table api_idempotency_keys (
  token_id bigint not null references tokens (id) on delete cascade,
  key text not null check (length(key) between 1 and 255),
  fingerprint text not null,
  job_id text not null references jobs (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (token_id, key)
);
create index api_idempotency_keys_created_at on api_idempotency_keys (created_at);
