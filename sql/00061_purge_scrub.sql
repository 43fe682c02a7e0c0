-- The purge clears the names a deleted job's row still holds (ADR 012). It looks only at jobs deleted in the last
-- day (this index); rows deleted before this migration are cleared here, once.
create index jobs_deleted on jobs (deleted_at) where deleted_at is not null;
delete from files f using jobs j where f.job_id = j.id and j.deleted_at is not null;
update jobs set questionnaire_name = '',
  summary = case when summary is null then null else summary - array['sheets', 'evidence', 'notes', 'topReasons'] end
where deleted_at is not null;
