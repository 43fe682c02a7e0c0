-- The job lifecycle (app/job/states.ts, ADR 021): one state per row, derived by the database from the columns the
-- transitions write, so the guard of every transition reads one column. `status` is how the run ended (or where it
-- is); deleted_at, expired_at and purged_at say what happened to the files afterwards.
--
--   uploading -> queued -> processing -> completed | failed        (queued <- processing: released or retried)
--   queued | processing -> cancelled                                (the owner deleted the files before the end)
--   completed | failed -> deleted (the owner) | expired (retention)
--   cancelled | deleted | expired -> purged                         (files and names gone)

-- An upload in progress is a job already: its quota is spent and its files stream into storage before it is queued.
alter table jobs drop constraint jobs_status_check;
alter table jobs add constraint jobs_status_check
  check (status in ('uploading', 'queued', 'processing', 'completed', 'failed', 'cancelled'));

-- When retention ended (the purge removed the files): apart from deleted_at, which is the owner's deletion only.
alter table jobs add column expired_at timestamptz;
-- When the files were deleted and the names the row held were cleared.
alter table jobs add column purged_at timestamptz;
-- Why a job failed, as a code and parameters that never hold a file name (the owner's page adds the names it knows).
alter table jobs add column error_code text;
alter table jobs add column error_params jsonb;
-- How often a worker started the job, and how many of those runs failed (a shutdown or crash is not a failure).
alter table jobs add column runs integer not null default 0;
alter table jobs add column failures integer not null default 0;

-- Rows from before: cancellations were failures with a fixed message; expiry and abandonment set deleted_at.
update jobs set status = 'cancelled', error_code = 'cancelled'
where status = 'failed' and error = 'Cancelled: the files were deleted at your request before processing finished.';
update jobs set error_code = 'abandoned', expired_at = deleted_at, deleted_at = null
where status = 'failed' and error = 'This job did not finish in time; its files were deleted. Please upload it again.';
update jobs set expired_at = deleted_at, deleted_at = null
where deleted_at is not null and status in ('completed', 'failed') and expires_at is not null and expires_at <= deleted_at;
update jobs set error_code = 'engine_error' where status = 'failed' and error = 'AI processing encountered an error';
-- Other failures quoted the questionnaire's reader, which names the file: keep the reason, not the name.
update jobs set error_code = 'questionnaire_unreadable',
  error_params = jsonb_build_object('detail',
    case when questionnaire_name <> '' then replace(error, questionnaire_name, '{questionnaire}') else error end)
where status = 'failed' and error_code is null and error is not null;
update jobs set purged_at = coalesce(deleted_at, expired_at, completed_at, created_at)
where (deleted_at is not null or expired_at is not null or status = 'cancelled')
  and not exists (select 1 from files where files.job_id = jobs.id);
alter table jobs drop column error;

alter table jobs add column state text not null generated always as (
  case
    when purged_at is not null then 'purged'
    when status = 'cancelled' then 'cancelled'
    when deleted_at is not null then 'deleted'
    when expired_at is not null then 'expired'
    else status
  end
) stored;

-- The sweeps of the purge task: jobs whose retention ends, and jobs whose files and names are due to go.
drop index jobs_expiring;
create index jobs_expiring on jobs (expires_at) where state in ('completed', 'failed');
create index jobs_to_purge on jobs (id) where state in ('cancelled', 'deleted', 'expired');
create index jobs_live on jobs (token_id) where state in ('uploading', 'queued', 'processing');
