CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"terms" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_category_created_idx";--> statement-breakpoint
DROP INDEX "products_category_price_idx";--> statement-breakpoint
DROP INDEX "products_category_units_sold_idx";--> statement-breakpoint
DROP INDEX "products_category_discount_idx";--> statement-breakpoint
DROP INDEX "products_brand_created_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_units_sold_idx";--> statement-breakpoint
DROP INDEX "products_discount_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_out" boolean GENERATED ALWAYS AS (stock <= 0) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "products_category_price_desc_idx" ON "products" USING btree ("category_id","sold_out","price" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products" USING btree ("sold_out","price" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","sold_out","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","sold_out","price","id");--> statement-breakpoint
CREATE INDEX "products_category_units_sold_idx" ON "products" USING btree ("category_id","sold_out","units_sold" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_discount_idx" ON "products" USING btree ("category_id","sold_out","discount_percent" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_brand_created_idx" ON "products" USING btree ("brand_id","sold_out","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("sold_out","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("sold_out","price");--> statement-breakpoint
CREATE INDEX "products_units_sold_idx" ON "products" USING btree ("sold_out","units_sold" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_discount_idx" ON "products" USING btree ("sold_out","discount_percent" DESC NULLS LAST);--> statement-breakpoint
-- Ratings come from published (approved) reviews only, whoever writes a review: the API, the seed, staff or SQL
-- (issue 25, decision 075). The product row is locked first, so two reviews written at the same moment recompute
-- one after the other, each statement (a fresh snapshot in a VOLATILE function) seeing the other's committed row.
-- FOR NO KEY UPDATE, not FOR UPDATE: each review insert already holds a KEY SHARE lock on its product (the foreign
-- key), and FOR UPDATE would wait for the other writer's KEY SHARE while it waits for ours: a deadlock.
CREATE OR REPLACE FUNCTION shop_refresh_product_rating(pid uuid) RETURNS void
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  PERFORM 1 FROM products WHERE id = pid FOR NO KEY UPDATE;
  UPDATE products SET
    rating_average = coalesce((SELECT round(avg(r.rating)::numeric, 1) FROM product_reviews r WHERE r.product_id = pid AND r.state = 'approved'), 0),
    rating_count = (SELECT count(*) FROM product_reviews r WHERE r.product_id = pid AND r.state = 'approved')
  WHERE id = pid;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_product_reviews_changed() RETURNS trigger
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.product_id = NEW.product_id AND OLD.rating = NEW.rating AND OLD.state = NEW.state THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM shop_refresh_product_rating(OLD.product_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR OLD.product_id <> NEW.product_id) THEN
    PERFORM shop_refresh_product_rating(NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_reviews_rating AFTER INSERT OR UPDATE OR DELETE ON product_reviews
  FOR EACH ROW EXECUTE FUNCTION shop_product_reviews_changed();
--> statement-breakpoint
-- Shops seeded before this migration carry invented ratings (issue 25): every product now shows what its reviews say.
UPDATE products SET
  rating_average = coalesce((SELECT round(avg(r.rating)::numeric, 1) FROM product_reviews r WHERE r.product_id = products.id AND r.state = 'approved'), 0),
  rating_count = (SELECT count(*) FROM product_reviews r WHERE r.product_id = products.id AND r.state = 'approved')
WHERE rating_count > 0 OR rating_average <> 0 OR EXISTS (SELECT 1 FROM product_reviews r WHERE r.product_id = products.id);
--> statement-breakpoint
-- The words of products' names and tags, which a misspelt search word is corrected towards (decision 076).
-- Statement triggers with transition tables: a bulk insert of 100k products costs one grouped insert, and an update
-- that leaves name and tags alone (stock, ratings) inserts nothing.
CREATE OR REPLACE FUNCTION shop_collect_search_words() RETURNS trigger
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM new_rows n, regexp_split_to_table(lower(n.name || ' ' || shop_join_words(n.tags)), '[[:space:][:punct:]]+') AS w
      WHERE length(w) >= 2
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM new_rows n, regexp_split_to_table(lower(n.name || ' ' || shop_join_words(n.tags)), '[[:space:][:punct:]]+') AS w
      WHERE length(w) >= 2
        AND NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id AND o.name = n.name AND o.tags = n.tags)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_collect_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shop_collect_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products p, regexp_split_to_table(lower(p.name || ' ' || shop_join_words(p.tags)), '[[:space:][:punct:]]+') AS w
  WHERE length(w) >= 2
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Starter groups: Indian spellings and Hinglish variants of the catalogue's words. Staff edit them at /admin/search-synonyms.
INSERT INTO search_synonyms (terms) VALUES
  ('{rakhi,raakhi,rakhee,raakhee,rakhis}'),
  ('{jhumka,jhumki,jhumkas,jhumkis,jhumke}'),
  ('{diya,deeya,diyaa,diyas,deeyas,deepak}'),
  ('{kurta,kurti,kurtas,kurtis}'),
  ('{nameplate,name plate,name board,nameboard}'),
  ('{saree,sari,saaree,sarees,saris}'),
  ('{keychain,key chain,keyring,key ring}'),
  ('{t shirt,tshirt,tee shirt,tee}'),
  ('{dreamcatcher,dream catcher}'),
  ('{bangle,kangan,kada,kadaa,churi,chudi}'),
  ('{potli,potli bag,batua}'),
  ('{hamper,gift basket,tokri}'),
  ('{cushion,pillow,takiya}'),
  ('{lehenga,lehnga,lengha,lahenga}'),
  ('{kundan,kundun}'),
  ('{photo frame,photoframe}'),
  ('{mug,coffee mug,cup}'),
  ('{gajra,gajara,veni}'),
  ('{shagun,shagan,shugun}'),
  ('{haldi,haldee}');
