-- Uploads stream into storage as they arrive (ADR 022): a file is written as encrypted chunks of at most 1 MB, so
-- neither the web process nor a statement ever holds a whole upload. A files row keeps the metadata; its content is
-- either inline (generated files, and every file stored before this migration) or in file_chunks (chunks = their
-- count; 0 while the upload is still writing them).
alter table files alter column content drop not null;
alter table files add column chunks integer check (chunks is null or chunks >= 0);
alter table files add constraint files_content_or_chunks check ((content is null) <> (chunks is null));

create table file_chunks (
  file_id bigint not null references files (id) on delete cascade,
  seq integer not null check (seq >= 0),
  content bytea not null,
  primary key (file_id, seq)
);
