-- The signed document: an original with the receivers' PIN signatures stamped on it (the type's
-- `signatureVal` stamp on each page, or its `summaryVal` page at the end). The allowed kinds are read
-- from the constraint as it stands (an array literal since 013, else a list of quoted words) and
-- extended, so another migration that added kinds keeps them.
DO $$
DECLARE
  definition text;
  kinds text[];
BEGIN
  SELECT pg_get_constraintdef(c.oid)
    INTO definition
    FROM pg_constraint c
   WHERE c.conrelid = 'shipping_documents'::regclass AND c.conname = 'shipping_documents_kind_check';
  kinds := string_to_array(substring(definition from '''\{([a-z_,]*)\}'''), ',');
  IF kinds IS NULL THEN
    SELECT array_agg(match[1]) INTO kinds FROM regexp_matches(definition, '''([a-z_]+)''', 'g') AS match;
  END IF;
  kinds := ARRAY(SELECT DISTINCT unnest(coalesce(kinds, ARRAY[]::text[]) || ARRAY['signed']));
  ALTER TABLE shipping_documents DROP CONSTRAINT IF EXISTS shipping_documents_kind_check;
  EXECUTE format('ALTER TABLE shipping_documents ADD CONSTRAINT shipping_documents_kind_check CHECK (kind = ANY (%L::text[]))', kinds);
END
$$;
