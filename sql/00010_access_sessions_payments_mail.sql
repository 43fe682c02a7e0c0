-- Access (issue 7): server-side sessions, one trial per address, Stripe payments and webhooks, the mail outbox.

-- A browser session is a random id in a signed cookie; only its SHA-256 is stored. Signing out deletes the row,
-- so a copied or stolen cookie stops working at once.
create table sessions (
  id_hash bytea primary key check (length(id_hash) = 32),
  token_id bigint not null references tokens (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_token on sessions (token_id);
create index sessions_expiring on sessions (expires_at);

-- Quota given back when a job fails for our reasons: at most once per job.
alter table jobs add column refunded_at timestamptz;
-- Pro tokens renew on each paid invoice of their subscription; renewal stops when the subscription ends.
alter table tokens add column stripe_subscription_id text unique;
alter table tokens add column renews boolean not null default false;

-- One free trial per e-mail address (lower-cased), whatever happens to the token afterwards.
create table trial_claims (
  email text primary key check (email = lower(email)),
  token_id bigint not null references tokens (id) on delete cascade,
  created_at timestamptz not null default now()
);

-- Every Stripe event is handled once: its id is recorded in the same transaction as its effects.
create table stripe_events (
  id text primary key,
  type text not null,
  created_at timestamptz not null, -- Stripe's own event time
  received_at timestamptz not null default now()
);

-- A paid Checkout Session and the token it minted. The token is kept encrypted (AES-256-GCM, the file key) only
-- until the success page has shown it once; then it is wiped.
create table checkout_sessions (
  id text primary key,
  plan text not null,
  email text,
  token_id bigint not null references tokens (id) on delete cascade,
  token_sealed bytea,
  revealed_at timestamptz,
  created_at timestamptz not null default now()
);

-- What we know of a subscription, whichever of its events arrives first (invoice.paid can precede
-- checkout.session.completed; a deletion can precede a late renewal).
create table subscriptions (
  id text primary key,
  paid_until timestamptz,
  ended_at timestamptz,
  updated_at timestamptz not null default now()
);

-- Per-questionnaire payments (PaymentIntents): each credits its job's token once.
create table questionnaire_payments (
  payment_intent_id text primary key,
  job_id text not null references jobs (id) on delete cascade,
  amount integer not null,
  currency text not null,
  paid_at timestamptz
);
create index questionnaire_payments_job on questionnaire_payments (job_id);

-- Messages that could not go out by SMTP (none configured, or delivery failed): an operator reads them with
-- `qfill outbox`.
create table outbox (
  id bigint generated always as identity primary key,
  recipient text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  reason text not null,
  created_at timestamptz not null default now()
);
