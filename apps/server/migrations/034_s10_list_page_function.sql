-- The list's default page for a reader of a whole domain (shippings.service.ts list): live shippings, newest first,
-- filtered at most by creation dates, each with the names the list shows. In a function for the reason of 030 and
-- 033: one shape, planned once per connection on a generic plan. As one statement with its ids' subquery the page
-- was planned on every call (PostgreSQL's own choice, because that statement's generic plan would have been worse),
-- and planning cost as much as running it. Here the generic plan is the walk of shippings_domain_created that a
-- custom plan takes: both bounds are conditions of that index. The page's ids are picked first from the index
-- alone, then only their rows are read with their names: a deep page (OFFSET 9,990) must not read the rows and
-- names it skips.
-- A NULL p_to leaves the list without an end.
CREATE FUNCTION shipping_list_page(p_domain_id bigint, p_from timestamptz, p_to timestamptz, p_offset int, p_limit int)
RETURNS TABLE (
  id bigint,
  guid uuid,
  reference text,
  subject text,
  service text,
  channel text,
  "typeId" bigint,
  "companyId" bigint,
  "senderId" bigint,
  receiver text,
  state text,
  result text,
  "isSandbox" boolean,
  "deletedAt" timestamptz,
  "createdAt" timestamptz,
  "updatedAt" timestamptz,
  "typeName" text,
  "companyName" text,
  sender text,
  "deletedBy" text
)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY
    SELECT s.id, s.guid, s.reference, s.subject, s.service_kind, s.channel, s.type_id, s.company_id, s.sender_id,
           s.receiver_summary, s.state, s.result, s.is_sandbox, s.deleted_at, s.created_at, s.updated_at,
           (SELECT t.name FROM shipping_types t WHERE t.id = s.type_id),
           (SELECT c.name FROM companies c WHERE c.id = s.company_id),
           (SELECT u.name FROM users u WHERE u.id = s.sender_id),
           NULL::text
      FROM shippings s
     WHERE s.id = ANY (ARRAY(
             SELECT p.id FROM shippings p
              WHERE p.domain_id = p_domain_id AND p.deleted_at IS NULL
                AND p.created_at >= p_from AND p.created_at <= coalesce(p_to, 'infinity'::timestamptz)
              ORDER BY p.created_at DESC, p.id DESC
             OFFSET p_offset LIMIT p_limit))
     ORDER BY s.created_at DESC, s.id DESC;
END
$$;
