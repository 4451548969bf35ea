CREATE TABLE "search_lexicon" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Decision 131: the search lexicon's version was `count(*)` of search_words and an md5 of the synonyms, read on every
-- search; it grew with the vocabulary. Now any statement that adds or removes catalogue words or changes a synonym
-- group adds one to this row's generation, in its own transaction (so the number and the words commit together, and
-- a search that reads the number sees the words it stands for). The update takes the row's lock only when words
-- really changed (the products' triggers insert with ON CONFLICT DO NOTHING, usually nothing), so product saves do not
-- queue on it. An upsert, so a row deleted by hand comes back rather than the lexicon never changing again.
ALTER TABLE "search_lexicon" ADD CONSTRAINT "search_lexicon_one_row" CHECK ("id" = 1);
--> statement-breakpoint
INSERT INTO "search_lexicon" ("id", "generation") VALUES (1, 1);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_bump_search_lexicon() RETURNS void
  LANGUAGE sql VOLATILE
  AS $$
  INSERT INTO search_lexicon (id, generation) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET generation = search_lexicon.generation + 1;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_search_lexicon_rows_changed() RETURNS trigger
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM shop_bump_search_lexicon();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_search_lexicon_truncated() RETURNS trigger
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  PERFORM shop_bump_search_lexicon();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_lexicon_insert AFTER INSERT ON search_words
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_search_lexicon_rows_changed();
--> statement-breakpoint
CREATE TRIGGER search_words_lexicon_delete AFTER DELETE ON search_words
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_search_lexicon_rows_changed();
--> statement-breakpoint
CREATE TRIGGER search_words_lexicon_update AFTER UPDATE ON search_words
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_search_lexicon_rows_changed();
--> statement-breakpoint
CREATE TRIGGER search_words_lexicon_truncate AFTER TRUNCATE ON search_words
  FOR EACH STATEMENT EXECUTE FUNCTION shop_search_lexicon_truncated();
--> statement-breakpoint
CREATE TRIGGER search_synonyms_lexicon_insert AFTER INSERT ON search_synonyms
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_search_lexicon_rows_changed();
--> statement-breakpoint
CREATE TRIGGER search_synonyms_lexicon_delete AFTER DELETE ON search_synonyms
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_search_lexicon_rows_changed();
--> statement-breakpoint
CREATE TRIGGER search_synonyms_lexicon_update AFTER UPDATE ON search_synonyms
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_search_lexicon_rows_changed();
--> statement-breakpoint
CREATE TRIGGER search_synonyms_lexicon_truncate AFTER TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION shop_search_lexicon_truncated();
