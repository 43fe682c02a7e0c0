-- The product a questionnaire is for, as the user named it on the upload form or in the API's `product` field
-- (issue 21 §2): the answering flags earlier answers given for another product. Optional; cleared by the purge
-- with the other names the row holds.
alter table jobs add column product text check (product is null or length(product) between 1 and 120);
