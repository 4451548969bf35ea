-- Issue 19, decision 050: a customer's orders as the order limits count them, counted exactly under concurrency.
-- The order's one write statement (apps/api/src/orders/write-order.ts) calls this first. It takes the customer's order
-- lock (a transaction-level advisory lock: the statement's own transaction, released at its commit), then counts.
-- A VOLATILE function takes a fresh snapshot for each statement it runs, so the count sees every order of this
-- customer committed before the lock was granted, even those committed after the calling statement began: 20
-- concurrent orders of one customer are counted one after another, never all as 0. The lock's first key is the
-- order lock's own number space ("ordr" in ASCII).
CREATE FUNCTION order_limit_counts(customer uuid, minute_from timestamptz, hour_from timestamptz, open_statuses text[])
RETURNS TABLE ("lastMinute" int, "lastHour" int, "openCod" int, "minuteSince" timestamptz, "hourSince" timestamptz)
LANGUAGE sql VOLATILE
AS $$
  SELECT pg_advisory_xact_lock(1869767794, hashtext(customer::text));
  SELECT count(*) FILTER (WHERE created_at > minute_from)::int,
    count(*) FILTER (WHERE created_at > hour_from)::int,
    count(*) FILTER (WHERE payment_method = 'cod' AND status = ANY (open_statuses))::int,
    min(created_at) FILTER (WHERE created_at > minute_from),
    min(created_at) FILTER (WHERE created_at > hour_from)
  FROM orders WHERE user_id = customer;
$$;
