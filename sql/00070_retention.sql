-- Retention (docs/security.md, /privacy): the e-mail address of a token goes a day after the token does. One free
-- trial per address is then remembered by a one-way hash of the address, not the address itself.
alter table trial_claims drop constraint trial_claims_pkey;
alter table trial_claims alter column email drop not null;
alter table trial_claims add column email_hash text;
update trial_claims set email_hash = encode(sha256(convert_to('qfill-trial-claim:' || email, 'UTF8')), 'hex');
alter table trial_claims alter column email_hash set not null;
alter table trial_claims add primary key (email_hash);

create index tokens_ended on tokens (coalesce(revoked_at, expires_at)) where email is not null;
create index jobs_created on jobs (created_at);
create index outbox_created on outbox (created_at);
