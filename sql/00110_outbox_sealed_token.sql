-- Privacy (issue 16, finding 9): the outbox no longer keeps access tokens in plaintext. A message kept for the
-- operator holds a placeholder where the token was; the token itself is sealed (AES-256-GCM with the file key,
-- bound to the message id) and revealed only by `qfill outbox --reveal` on the server.
alter table outbox add column token_sealed bytea;

-- Messages stored before this change carry their token in the body: remove it. (They are at most 7 days old, and
-- a trial token lives an hour; the operator mints a new one if a customer still needs it.)
update outbox
set text_body = regexp_replace(text_body, 'qf_[A-Za-z0-9_-]{16,}', '[token removed]', 'g'),
    html_body = regexp_replace(html_body, 'qf_[A-Za-z0-9_-]{16,}', '[token removed]', 'g');
