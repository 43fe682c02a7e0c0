-- What the answering does with questions its evidence is silent on, chosen at upload ('blank' or 'no').
alter table jobs add column unanswered text not null default 'blank' check (unanswered in ('blank', 'no'));
