-- One job-id pattern (app/job/id.ts): exactly the 24 characters of [a-z0-9] that newJobId makes. Rows made before
-- this check all have that shape (the generator never made another); `not valid` spares checking them on deploy.
alter table jobs drop constraint jobs_id_check;
alter table jobs add constraint jobs_id_check check (id ~ '^[a-z0-9]{24}$') not valid;
