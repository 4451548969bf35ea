CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE, and a generated column needs an IMMUTABLE expression.
-- Joining text with a space never depends on settings, so this wrapper is truly immutable.
CREATE OR REPLACE FUNCTION shop_join_words(words text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_string(words, ' ') $$;
