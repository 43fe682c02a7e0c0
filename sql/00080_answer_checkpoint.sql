-- A job's answers, stored (encrypted like every file) as soon as the answering stage ends, so a job whose worker
-- died afterwards resumes from them instead of answering again (an LLM run is the slow, paid part). Deleted with
-- the job's other files, and as soon as the results are stored.
alter table files drop constraint files_role_check;
alter table files add constraint files_role_check
  check (role in ('questionnaire', 'evidence', 'xlsx', 'pdf', 'answers', 'checkpoint'));
