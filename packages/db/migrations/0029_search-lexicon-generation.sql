CREATE TABLE "search_lexicon" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Decision 131: the search lexicon's version was `count(*)` of search_words and an md5 of the synonyms, read on every
-- search; it grew with the vocabulary. Now a transaction that adds or removes catalogue words or changes a synonym
-- group adds one to this row's generation AT ITS COMMIT (deferred constraint triggers, once per transaction): the
-- number and the words commit together, so a search that reads the number sees the words it stands for; and the row's
-- lock is taken only in the commit itself, with nothing after it that could wait, so a long transaction (a CSV import
-- of a thousand products) neither holds it nor deadlocks with a product saved beside it. An upsert, so a row deleted
-- by hand comes back rather than the lexicon never changing again.
ALTER TABLE "search_lexicon" ADD CONSTRAINT "search_lexicon_one_row" CHECK ("id" = 1);
--> statement-breakpoint
INSERT INTO "search_lexicon" ("id", "generation") VALUES (1, 1);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_bump_search_lexicon() RETURNS trigger
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  -- Once per transaction: the setting is local to it (set_config's third argument), so it is gone at the commit.
  IF current_setting('shop.search_lexicon_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('shop.search_lexicon_bumped', 'on', true);
    INSERT INTO search_lexicon (id, generation) VALUES (1, 1)
      ON CONFLICT (id) DO UPDATE SET generation = search_lexicon.generation + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER search_words_lexicon_changed AFTER INSERT OR UPDATE OR DELETE ON search_words
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shop_bump_search_lexicon();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER search_synonyms_lexicon_changed AFTER INSERT OR UPDATE OR DELETE ON search_synonyms
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shop_bump_search_lexicon();
--> statement-breakpoint
-- TRUNCATE has no row triggers: a statement trigger, at once (no one truncates these in a running shop).
CREATE TRIGGER search_words_lexicon_truncate AFTER TRUNCATE ON search_words
  FOR EACH STATEMENT EXECUTE FUNCTION shop_bump_search_lexicon();
--> statement-breakpoint
CREATE TRIGGER search_synonyms_lexicon_truncate AFTER TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION shop_bump_search_lexicon();
