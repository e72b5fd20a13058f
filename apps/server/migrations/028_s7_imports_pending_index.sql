-- Release takes an import's shippings still in pending_import, 2,000 at a time in id order. With an index on
-- import_id alone every batch walked the import's whole set again (the released rows included), so the release
-- grew with the square of the import's size. The partial index holds only the waiting rows, in release order;
-- a released row leaves it (its new version no longer matches), so the release UPDATE also writes one index
-- entry less per row. Nothing else reads shippings by import.
DROP INDEX shippings_import_idx;
CREATE INDEX shippings_pending_import ON shippings (import_id, id) WHERE state = 'pending_import';
