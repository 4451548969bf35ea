-- Decision 126: what every order's one write statement pays for inside PostgreSQL, cut without changing a rule.
--
-- 1. order_limit_counts (migration 0010, decision 050) in PL/pgSQL, with the same lock, counts and answer. A LANGUAGE
-- sql function that PostgreSQL cannot inline (this one: VOLATILE, two statements, called in FROM) parses and plans its
-- statements again on every call, because PostgreSQL 15 keeps a SQL function's plans only for the statement that
-- calls it. PL/pgSQL keeps its statements' plans for the connection. Like a VOLATILE SQL function, a VOLATILE
-- PL/pgSQL function takes a fresh snapshot for each statement it runs, so the count after the lock still sees every
-- order of this customer committed before the lock was granted.
CREATE OR REPLACE FUNCTION order_limit_counts(customer uuid, minute_from timestamptz, hour_from timestamptz, open_statuses text[])
RETURNS TABLE ("lastMinute" int, "lastHour" int, "openCod" int, "minuteSince" timestamptz, "hourSince" timestamptz)
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1869767794, hashtext(customer::text));
  RETURN QUERY
  SELECT count(*) FILTER (WHERE o.created_at > minute_from)::int,
    count(*) FILTER (WHERE o.created_at > hour_from)::int,
    count(*) FILTER (WHERE o.payment_method = 'cod' AND o.status = ANY (open_statuses))::int,
    min(o.created_at) FILTER (WHERE o.created_at > minute_from),
    min(o.created_at) FILTER (WHERE o.created_at > hour_from)
  FROM orders o WHERE o.user_id = customer;
END;
$$;
--> statement-breakpoint
-- 2. The search words of a renamed or retagged product (migration 0017, decision 076) from a row trigger that fires only
-- when its name or tags change. The statement trigger it replaces ran on EVERY update of products, with both
-- transition tables captured (each updated row, old and new, whole): every order's stock update paid for a trigger
-- that then found nothing to insert. A row trigger with UPDATE OF and WHEN is not even queued for an update that does
-- not set name or tags (PostgreSQL allows no transition tables on a trigger with a column list). A bulk insert keeps
-- its one statement trigger (products_search_words_insert).
DROP TRIGGER products_search_words_update ON products;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_collect_row_search_words() RETURNS trigger
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(lower(NEW.name || ' ' || shop_join_words(NEW.tags)), '[[:space:][:punct:]]+') AS w
    WHERE length(w) >= 2
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE OF name, tags ON products
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.tags IS DISTINCT FROM NEW.tags)
  EXECUTE FUNCTION shop_collect_row_search_words();
